import { KanisaError, type SubmissionReceipt, type SubmittedAttachment } from '@kanisa/client';
import { kanisa } from '../../../lib/kanisa';
import { useFormEngine } from '../../../lib/form';
import type { CategoryInfo, FileRule } from '../categories';
import { buildSubmission, emptyRequest, SUBMIT_FAILED, validateRequest, type RequestValues } from '../request-form';

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
      const message = `Failed to upload '${file.name}': ${error.message}`;
      throw new KanisaError({ code: 'upload_failed', message, status: error.status, fields: { attachments: message } });
    }
    uploaded.push({ path: data.fullPath.replace(`${BUCKET}/`, ''), name: file.name });
  }
  return uploaded;
}

/**
 * Uploads the files, then sends the form (`POST /functions/v1/submit-request`). Each attempt
 * uploads again: a refused submission's files are deleted by the server.
 */
export async function submitRequest(category: CategoryInfo, values: RequestValues): Promise<SubmissionReceipt> {
  const attachments = category.files ? await uploadAttachments(values.attachments, category.files) : [];
  const { data, error } = await kanisa.functions.submitRequest(buildSubmission(category, values, attachments));
  if (error) throw error;
  return data;
}

/** One category's request form: its values, messages and states (spec §4 "Request form"). */
export function useRequestForm(category: CategoryInfo) {
  return useFormEngine({
    initial: emptyRequest,
    validate: (values: RequestValues) => validateRequest(category, values),
    send: (values: RequestValues) => submitRequest(category, values),
    fallback: SUBMIT_FAILED,
  });
}
