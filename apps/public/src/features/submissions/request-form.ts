import type { RequestSubmission, SubmittedAttachment } from '@kanisa/client';
import { formatNumber, provide, t } from '../../i18n';
import { checkContact, requireText, type FieldErrors } from '../../lib/form';
import type { CategoryInfo, DetailField, FileRule } from './categories';
import { submissions as submissionsTexts } from '../../i18n/en/submissions';

provide(submissionsTexts);

/** Every value of the request form (spec §3 "Request form fields"), whatever the category. */
export type RequestValues = Record<DetailField, string> & {
  anonymous: boolean;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  preferredContactMethod: string;
  /**
   * The chosen files of the category's file field (reportFiles or maintenanceImages); uploaded,
   * they become the payload's `attachments`. Named alike so a message for one clears with the other.
   */
  attachments: File[];
  /** The honeypot. */
  website: string;
};

/** The form's field defaults (spec §3): urgency normal, contact by email, prayer private. */
export const emptyRequest: RequestValues = {
  anonymous: false,
  name: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  preferredContactMethod: 'email',
  urgency: 'normal',
  requestType: '',
  department: '',
  prayerType: '',
  prayerPrivacy: 'private',
  visitationType: '',
  visitationAddress: '',
  visitationDate: '',
  visitationTime: '',
  reportType: '',
  reportPeriod: '',
  counselingType: '',
  counselingUrgency: 'normal',
  preferredCounselor: '',
  eventTitle: '',
  eventDate: '',
  eventTime: '',
  eventLocation: '',
  eventBudget: '',
  eventAttendees: '',
  maintenanceLocation: '',
  maintenancePriority: 'normal',
  attachments: [],
  website: '',
};

/** Spec §8 "Request submit failure": when the answer brings no message of its own (in the page's language). */
export function submitFailedText(): string {
  return t('submissions.submitFailed');
}

/** Files per submission (the server's limit too). */
export const MAX_FILES = 10;

/** Why these files cannot be sent (spec §8 "File too large"), or null when they can. */
export function fileProblem(files: File[], rule: FileRule): string | null {
  if (files.length > MAX_FILES) return t('submissions.tooManyFiles', { max: formatNumber(MAX_FILES) });
  for (const file of files) {
    const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
    if (!rule.extensions.includes(extension)) {
      return t('submissions.fileType', { file: file.name, types: t(rule.typesLabel) });
    }
    if (file.size > rule.maxBytes) return t('submissions.fileTooLarge', { file: file.name, max: rule.maxLabel });
  }
  return null;
}

/**
 * Spec §5: subject, message and the category's marked fields are required; name and e-mail
 * unless anonymous; the e-mail e-mail-shaped, the phone optional. Keys are the payload's names
 * , as the server names them too.
 */
export function validateRequest(category: CategoryInfo, values: RequestValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.anonymous) checkContact(errors, values, t('submissions.enterFullName'));
  for (const field of category.fields) {
    if (field.required) requireText(errors, field.name, values[field.name], t(field.required));
    if (field.control === 'number' && values[field.name].trim() && !/^\d+$/.test(values[field.name].trim())) {
      errors[field.name] = t('submissions.wholeNumber');
    }
  }
  requireText(errors, 'subject', values.subject, t('forms.enterSubject'));
  requireText(errors, 'message', values.message, t('forms.enterMessage'));
  const files = category.files ? fileProblem(values.attachments, category.files) : null;
  if (files) errors.attachments = files;
  return errors;
}

/**
 * The body of `POST /functions/v1/submit-request`: the fields every category asks, the
 * category's own, and the uploaded files. Anonymous leaves out name, e-mail, phone and the
 * contact method.
 */
export function buildSubmission(category: CategoryInfo, values: RequestValues, attachments: SubmittedAttachment[]): RequestSubmission {
  const named = !values.anonymous;
  const submission: RequestSubmission = {
    category: category.id,
    anonymous: values.anonymous,
    name: named ? values.name.trim() : '',
    email: named ? values.email.trim() : '',
    phone: named ? values.phone.trim() : '',
    preferredContactMethod: named ? values.preferredContactMethod : '',
    subject: values.subject.trim(),
    message: values.message.trim(),
    attachments,
    website: values.website,
  };
  for (const field of category.fields) submission[field.name] = values[field.name].trim();
  return submission;
}
