import { KanisaError, type SubmittedAttachment } from '@kanisa/client';
import { provide, t } from '../../../i18n';
import { deliver, type Delivery } from '../../../lib/deliver';
import { kanisa } from '../../../lib/kanisa';
import { useFormEngine } from '../../../lib/form';
import type { CategoryInfo, FileRule } from '../categories';
import { buildSubmission, emptyRequest, submitFailedText, validateRequest, type RequestValues } from '../request-form';
import { submissions as submissionsTexts } from '../../../i18n/en/submissions';

provide(submissionsTexts);

const BUCKET = 'church-files';

/**
 * Uploads the files into their folder of `church-files`, one after another (one connection on a
 * slow phone). The server names each file; the submission refers to it by that path. A failed
 * upload stops here with spec §8's "Failed to upload '{file}': {reason}".
 */
export async function uploadAttachments(files: File[], rule: FileRule): Promise<SubmittedAttachment[]> {
  const uploaded: SubmittedAttachment[] = [];
  for (const file of files) {
    const { data, error } = await kanisa.storage.from(BUCKET).upload(`${rule.folder}/${file.name}`, file);
    if (error) {
      const message = t('submissions.uploadFailed', { file: file.name, reason: error.message });
      throw new KanisaError({ code: 'upload_failed', message, status: error.status, fields: { attachments: message } });
    }
    uploaded.push({ path: data.fullPath.replace(`${BUCKET}/`, ''), name: file.name });
  }
  return uploaded;
}

/** Said when a form with files is sent without a connection: files are never kept on the phone. */
export function filesNeedNetworkText(): string {
  return t('submissions.filesNeedNetwork');
}

/**
 * Uploads the files, then sends the form (`POST /functions/v1/submit-request`) with its
 * idempotency key. Each attempt uploads again: a refused submission's files are deleted by the
 * server. Without a connection a form without files is kept on the phone and sent later
 * (lib/deliver.ts); a form with files is refused here, honestly: uploads need the network.
 */
export async function submitRequest(category: CategoryInfo, values: RequestValues, idempotencyKey: string): Promise<Delivery> {
  const files = category.files ? values.attachments : [];
  if (files.length && !navigator.onLine) {
    const message = filesNeedNetworkText();
    throw new KanisaError({ code: 'offline_files', message, fields: { attachments: message } });
  }
  const attachments = category.files && files.length ? await uploadAttachments(files, category.files) : [];
  const body = { ...buildSubmission(category, values, attachments), idempotencyKey };
  // What the offline notices call it ("prayer request"), in the language of the moment.
  return deliver('submit-request', body, t(category.title).toLowerCase());
}

/** One category's request form: its values, messages and states (spec §4 "Request form"). */
export function useRequestForm(category: CategoryInfo) {
  return useFormEngine({
    initial: emptyRequest,
    validate: (values: RequestValues) => validateRequest(category, values),
    send: (values: RequestValues, idempotencyKey: string) => submitRequest(category, values, idempotencyKey),
    fallback: submitFailedText(),
  });
}
