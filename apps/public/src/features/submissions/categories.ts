import type { RequestCategory } from '@kanisa/client';
import type { MessageKey } from '../../i18n';
import {
  counselingTypes,
  counselingUrgencies,
  counselors,
  departments,
  maintenanceLocations,
  prayerPrivacy,
  prayerTypes,
  priorities,
  reportTypes,
  visitationTypes,
  visitTimes,
  type Option,
} from './options';
import { submissions as submissionsTexts } from '../../i18n/en/submissions';
import { provide } from '../../i18n';

provide(submissionsTexts);

/**
 * Every text here is a catalogue key (`t(key)` when rendering), since the language can change
 * without a reload.
 */

/** The category fields of the request form (spec §3 "Request form fields"), besides the ones every category asks. */
export type DetailField =
  | 'urgency'
  | 'requestType'
  | 'department'
  | 'prayerType'
  | 'prayerPrivacy'
  | 'visitationType'
  | 'visitationAddress'
  | 'visitationDate'
  | 'visitationTime'
  | 'reportType'
  | 'reportPeriod'
  | 'counselingType'
  | 'counselingUrgency'
  | 'preferredCounselor'
  | 'eventTitle'
  | 'eventDate'
  | 'eventTime'
  | 'eventLocation'
  | 'eventBudget'
  | 'eventAttendees'
  | 'maintenanceLocation'
  | 'maintenancePriority';

export interface FieldSpec {
  name: DetailField;
  label: MessageKey;
  /** A native control: the phone's own date, time and number pickers and keyboards. */
  control: 'text' | 'date' | 'time' | 'number' | 'select' | 'radio' | 'textarea';
  options?: Option[];
  /** The message when it is left empty; makes the field required (spec §5). */
  required?: MessageKey;
  placeholder?: MessageKey;
  autoComplete?: string;
  wide?: boolean;
}

/** Where a category's files go and what they may be (spec §5 "File hints", §9 "File limits"). */
export interface FileRule {
  /** The label, with the spec's hint. */
  label: MessageKey;
  /** The folder of `church-files` the files are uploaded to. */
  folder: 'reports' | 'maintenance';
  /** The `accept` attribute: what the phone's picker offers. */
  accept: string;
  /** Extensions the server takes in that folder. */
  extensions: string[];
  /** How the types are named in a refusal. */
  typesLabel: MessageKey;
  maxBytes: number;
  /** As the spec's text names the limit: "10MB". */
  maxLabel: string;
}

export interface CategoryInfo {
  id: RequestCategory;
  /** The card's and the modal's heading. */
  title: MessageKey;
  summary: MessageKey;
  subjectPlaceholder: MessageKey;
  messageLabel: MessageKey;
  messagePlaceholder: MessageKey;
  /** The success message: "Your prayer request has been submitted successfully." */
  sent: MessageKey;
  fields: FieldSpec[];
  files?: FileRule;
}

const MB = 1024 * 1024;

const urgency: FieldSpec = { name: 'urgency', label: 'submissions.urgency', control: 'select', options: priorities };

export const categories: CategoryInfo[] = [
  {
    id: 'prayer',
    title: 'submissions.prayerTitle',
    summary: 'submissions.prayerSummary',
    subjectPlaceholder: 'submissions.prayerSubject',
    messageLabel: 'submissions.prayerMessage',
    messagePlaceholder: 'submissions.prayerMessageHint',
    sent: 'submissions.prayerSent',
    fields: [
      { name: 'prayerType', label: 'submissions.prayerType', control: 'select', options: prayerTypes, required: 'submissions.prayerTypeRequired' },
      urgency,
      { name: 'prayerPrivacy', label: 'submissions.privacy', control: 'radio', options: prayerPrivacy, wide: true },
    ],
  },
  {
    id: 'visitation',
    title: 'submissions.visitationTitle',
    summary: 'submissions.visitationSummary',
    subjectPlaceholder: 'submissions.visitationSubject',
    messageLabel: 'submissions.visitationMessage',
    messagePlaceholder: 'submissions.visitationMessageHint',
    sent: 'submissions.visitationSent',
    fields: [
      { name: 'visitationType', label: 'submissions.visitType', control: 'select', options: visitationTypes, required: 'submissions.visitTypeRequired' },
      { name: 'visitationTime', label: 'submissions.visitTime', control: 'select', options: visitTimes },
      {
        name: 'visitationAddress',
        label: 'submissions.visitAddress',
        control: 'textarea',
        required: 'submissions.visitAddressRequired',
        placeholder: 'submissions.visitAddressHint',
        autoComplete: 'street-address',
        wide: true,
      },
      { name: 'visitationDate', label: 'submissions.visitDate', control: 'date' },
    ],
  },
  {
    id: 'reports',
    title: 'submissions.reportsTitle',
    summary: 'submissions.reportsSummary',
    subjectPlaceholder: 'submissions.reportsSubject',
    messageLabel: 'submissions.reportsMessage',
    messagePlaceholder: 'submissions.reportsMessageHint',
    sent: 'submissions.reportsSent',
    fields: [
      { name: 'department', label: 'submissions.department', control: 'select', options: departments, required: 'submissions.departmentRequired' },
      { name: 'reportType', label: 'submissions.reportType', control: 'select', options: reportTypes, required: 'submissions.reportTypeRequired' },
      {
        name: 'reportPeriod',
        label: 'submissions.reportPeriod',
        control: 'text',
        required: 'submissions.reportPeriodRequired',
        placeholder: 'submissions.reportPeriodHint',
        wide: true,
      },
    ],
    files: {
      label: 'submissions.reportFiles',
      folder: 'reports',
      accept: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.jpg,.jpeg,.png',
      extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'jpg', 'jpeg', 'png'],
      typesLabel: 'submissions.reportFileTypes',
      maxBytes: 10 * MB,
      maxLabel: '10MB',
    },
  },
  {
    id: 'counseling',
    title: 'submissions.counselingTitle',
    summary: 'submissions.counselingSummary',
    subjectPlaceholder: 'submissions.counselingSubject',
    messageLabel: 'submissions.counselingMessage',
    messagePlaceholder: 'submissions.counselingMessageHint',
    sent: 'submissions.counselingSent',
    fields: [
      { name: 'counselingType', label: 'submissions.counselingType', control: 'select', options: counselingTypes, required: 'submissions.counselingTypeRequired' },
      { name: 'counselingUrgency', label: 'submissions.counselingUrgency', control: 'select', options: counselingUrgencies },
      { name: 'preferredCounselor', label: 'submissions.counselor', control: 'select', options: counselors },
    ],
  },
  {
    id: 'events',
    title: 'submissions.eventsTitle',
    summary: 'submissions.eventsSummary',
    subjectPlaceholder: 'submissions.eventsSubject',
    messageLabel: 'submissions.eventsMessage',
    messagePlaceholder: 'submissions.eventsMessageHint',
    sent: 'submissions.eventsSent',
    fields: [
      { name: 'eventTitle', label: 'submissions.eventTitle', control: 'text', required: 'submissions.eventTitleRequired', wide: true },
      { name: 'eventDate', label: 'submissions.eventDate', control: 'date', required: 'submissions.eventDateRequired' },
      { name: 'eventTime', label: 'submissions.eventTime', control: 'time', required: 'submissions.eventTimeRequired' },
      { name: 'eventLocation', label: 'submissions.location', control: 'text', required: 'submissions.eventLocationRequired', wide: true },
      { name: 'eventBudget', label: 'submissions.eventBudget', control: 'number' },
      { name: 'eventAttendees', label: 'submissions.eventAttendees', control: 'number' },
    ],
  },
  {
    id: 'maintenance',
    title: 'submissions.maintenanceTitle',
    summary: 'submissions.maintenanceSummary',
    subjectPlaceholder: 'submissions.maintenanceSubject',
    messageLabel: 'submissions.maintenanceMessage',
    messagePlaceholder: 'submissions.maintenanceMessageHint',
    sent: 'submissions.maintenanceSent',
    fields: [
      { name: 'maintenanceLocation', label: 'submissions.location', control: 'select', options: maintenanceLocations, required: 'submissions.maintenanceLocationRequired' },
      { name: 'maintenancePriority', label: 'submissions.priority', control: 'select', options: priorities },
    ],
    files: {
      label: 'submissions.maintenanceFiles',
      folder: 'maintenance',
      accept: 'image/jpeg,image/png,image/gif',
      extensions: ['jpg', 'jpeg', 'png', 'gif'],
      typesLabel: 'submissions.maintenanceFileTypes',
      maxBytes: 5 * MB,
      maxLabel: '5MB',
    },
  },
  {
    id: 'general',
    title: 'submissions.generalTitle',
    summary: 'submissions.generalSummary',
    subjectPlaceholder: 'submissions.generalSubject',
    messageLabel: 'submissions.generalMessage',
    messagePlaceholder: 'submissions.generalMessageHint',
    sent: 'submissions.generalSent',
    fields: [
      { name: 'requestType', label: 'submissions.requestType', control: 'text', placeholder: 'submissions.requestTypeHint' },
      { name: 'department', label: 'submissions.department', control: 'select', options: departments },
      urgency,
    ],
  },
];
