import { KanisaError, type SubmittedAttachment } from '@kanisa/client';
import { lang, provide, t } from '../../../i18n';
import { deliver, type Delivery } from '../../../lib/deliver';
import { useFormEngine } from '../../../lib/form';
import type { SiteClient } from '../../../lib/site-data';
import type { CategoryInfo, FileRule } from '../categories';
import { buildSubmission, emptyRequest, submitFailedText, validateRequest, type RequestValues } from '../request-form';
import { submissions as submissionsTexts } from '../../../i18n/en/submissions';

provide(submissionsTexts);

const BUCKET = 'church-files';

/**
 * Why an upload was refused, as the visitor reads it. Over the public upload limits (429) the
 * server says which limit and when to try again (Storage's envelope, code `TooManyRequests`),
 * in English: on the English site that text, else — in Kiswahili, or when the answer carries
 * no reason of the server's (a proxy's own 429 page) — the site's own words.
 */
export function uploadRefusal(error: KanisaError): string {
  if (error.status !== 429) return error.message;
  const fromServer = error.code === 'TooManyRequests' ? error.message : '';
  return lang() === 'en' && fromServer ? fromServer : t('submissions.uploadLimited');
}

/**
 * Uploads the files into their folder of `church-files`, one after another (one connection on a
 * slow phone). The server names each file; the submission refers to it by that path. A failed
 * upload stops here with spec §8's "Failed to upload '{file}': {reason}".
 */
export async function uploadAttachments(client: SiteClient, files: File[], rule: FileRule): Promise<SubmittedAttachment[]> {
  const uploaded: SubmittedAttachment[] = [];
  for (const file of files) {
    const { data, error } = await client.storage.from(BUCKET).upload(`${rule.folder}/${file.name}`, file);
    if (error) {
      const message = t('submissions.uploadFailed', { file: file.name, reason: uploadRefusal(error) });
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
 * idempotency key, both with `client` (the page's, lib/site-data.tsx). Each attempt uploads
 * again: a refused submission's files are deleted by the server. Without a connection a form
 * without files is kept on the phone and sent later (lib/deliver.ts); a form with files is
 * refused here, honestly: uploads need the network.
 */
export async function submitRequest(client: SiteClient, category: CategoryInfo, values: RequestValues, idempotencyKey: string): Promise<Delivery> {
  const files = category.files ? values.attachments : [];
  if (files.length && !navigator.onLine) {
    const message = filesNeedNetworkText();
    throw new KanisaError({ code: 'offline_files', message, fields: { attachments: message } });
  }
  const attachments = category.files && files.length ? await uploadAttachments(client, files, category.files) : [];
  const body = { ...buildSubmission(category, values, attachments), idempotencyKey };
  // What the offline notices call it ("prayer request"), in the language of the moment.
  return deliver(client, 'submit-request', body, t(category.title).toLowerCase());
}

/** One category's request form: its values, messages and states (spec §4 "Request form"). */
export function useRequestForm(category: CategoryInfo) {
  return useFormEngine({
    initial: emptyRequest,
    validate: (values: RequestValues) => validateRequest(category, values),
    send: (client: SiteClient, values: RequestValues, idempotencyKey: string) => submitRequest(client, category, values, idempotencyKey),
    fallback: submitFailedText(),
  });
}
