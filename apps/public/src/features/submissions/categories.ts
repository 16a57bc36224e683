import type { RequestCategory } from '@kanisa/client';
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
  label: string;
  /** A native control: the phone's own date, time and number pickers and keyboards. */
  control: 'text' | 'date' | 'time' | 'number' | 'select' | 'radio' | 'textarea';
  options?: Option[];
  /** The message when it is left empty; makes the field required (spec §5). */
  required?: string;
  placeholder?: string;
  autoComplete?: string;
  wide?: boolean;
}

/** Where a category's files go and what they may be (spec §5 "File hints", §9 "File limits"). */
export interface FileRule {
  /** The label, with the spec's hint. */
  label: string;
  /** The folder of `church-files` the files are uploaded to. */
  folder: 'reports' | 'maintenance';
  /** The `accept` attribute: what the phone's picker offers. */
  accept: string;
  /** Extensions the server takes in that folder. */
  extensions: string[];
  /** How the types are named in a refusal. */
  typesLabel: string;
  maxBytes: number;
  /** As the spec's text names the limit: "10MB". */
  maxLabel: string;
}

export interface CategoryInfo {
  id: RequestCategory;
  /** The card's and the modal's heading. */
  title: string;
  summary: string;
  subjectPlaceholder: string;
  messageLabel: string;
  messagePlaceholder: string;
  fields: FieldSpec[];
  files?: FileRule;
}

const MB = 1024 * 1024;

const urgency: FieldSpec = { name: 'urgency', label: 'Urgency', control: 'select', options: priorities };

export const categories: CategoryInfo[] = [
  {
    id: 'prayer',
    title: 'Prayer Request',
    summary: 'Share a need or a thanksgiving; our prayer team will pray with you.',
    subjectPlaceholder: 'e.g. Healing for my mother',
    messageLabel: 'Prayer Request',
    messagePlaceholder: 'Tell us what you would like us to pray about',
    fields: [
      { name: 'prayerType', label: 'Prayer Type', control: 'select', options: prayerTypes, required: 'Please choose a prayer type' },
      urgency,
      { name: 'prayerPrivacy', label: 'Privacy', control: 'radio', options: prayerPrivacy, wide: true },
    ],
  },
  {
    id: 'visitation',
    title: 'Visitation Request',
    summary: 'Ask for a pastoral visit at home, in hospital or wherever you need us.',
    subjectPlaceholder: 'e.g. Visit for my father in hospital',
    messageLabel: 'Details',
    messagePlaceholder: 'Who should we visit, and anything we should know',
    fields: [
      { name: 'visitationType', label: 'Type of Visit', control: 'select', options: visitationTypes, required: 'Please choose the type of visit' },
      { name: 'visitationTime', label: 'Preferred Time', control: 'select', options: visitTimes },
      {
        name: 'visitationAddress',
        label: 'Address for the Visit',
        control: 'textarea',
        required: 'Please enter the address for the visit',
        placeholder: 'Home, hospital and ward, or directions',
        autoComplete: 'street-address',
        wide: true,
      },
      { name: 'visitationDate', label: 'Preferred Date', control: 'date' },
    ],
  },
  {
    id: 'reports',
    title: 'Department Report',
    summary: 'Send your department’s monthly, quarterly or event report to the church secretary.',
    subjectPlaceholder: 'e.g. Youth Ministry report, March',
    messageLabel: 'Summary',
    messagePlaceholder: 'A short summary of the report',
    fields: [
      { name: 'department', label: 'Department', control: 'select', options: departments, required: 'Please choose your department' },
      { name: 'reportType', label: 'Report Type', control: 'select', options: reportTypes, required: 'Please choose the report type' },
      {
        name: 'reportPeriod',
        label: 'Report Period',
        control: 'text',
        required: 'Please enter the period the report covers',
        placeholder: 'e.g. January - March 2026',
        wide: true,
      },
    ],
    files: {
      label: 'Attach Reports (PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, TXT, JPG, JPEG, PNG - up to 10MB each)',
      folder: 'reports',
      accept: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.jpg,.jpeg,.png',
      extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'jpg', 'jpeg', 'png'],
      typesLabel: 'PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, TXT, JPG, JPEG or PNG',
      maxBytes: 10 * MB,
      maxLabel: '10MB',
    },
  },
  {
    id: 'counseling',
    title: 'Counseling Request',
    summary: 'Ask for a confidential conversation with a pastor or a counselor.',
    subjectPlaceholder: 'e.g. Marriage counseling',
    messageLabel: 'What would you like to talk about?',
    messagePlaceholder: 'Share as much as you are comfortable with',
    fields: [
      { name: 'counselingType', label: 'Type of Counseling', control: 'select', options: counselingTypes, required: 'Please choose the type of counseling' },
      { name: 'counselingUrgency', label: 'How Soon', control: 'select', options: counselingUrgencies },
      { name: 'preferredCounselor', label: 'Preferred Counselor', control: 'select', options: counselors },
    ],
  },
  {
    id: 'events',
    title: 'Event Proposal',
    summary: 'Propose an event or program for the church calendar.',
    subjectPlaceholder: 'e.g. Youth sports day proposal',
    messageLabel: 'Event Description',
    messagePlaceholder: 'What is the event, who is it for, and what is needed',
    fields: [
      { name: 'eventTitle', label: 'Event Title', control: 'text', required: 'Please enter the event title', wide: true },
      { name: 'eventDate', label: 'Proposed Date', control: 'date', required: 'Please choose the event date' },
      { name: 'eventTime', label: 'Time', control: 'time', required: 'Please enter the event time' },
      { name: 'eventLocation', label: 'Location', control: 'text', required: 'Please enter where the event will be held', wide: true },
      { name: 'eventBudget', label: 'Estimated Budget (KES)', control: 'number' },
      { name: 'eventAttendees', label: 'Expected Attendees', control: 'number' },
    ],
  },
  {
    id: 'maintenance',
    title: 'Maintenance Request',
    summary: 'Report something broken or unsafe in the church buildings or grounds.',
    subjectPlaceholder: 'e.g. Leaking roof in the kitchen',
    messageLabel: 'Describe the Problem',
    messagePlaceholder: 'What is wrong, and since when',
    fields: [
      { name: 'maintenanceLocation', label: 'Location', control: 'select', options: maintenanceLocations, required: 'Please choose where the problem is' },
      { name: 'maintenancePriority', label: 'Priority', control: 'select', options: priorities },
    ],
    files: {
      label: 'Photos of the Problem (images only: JPG, PNG, GIF - up to 5MB each)',
      folder: 'maintenance',
      accept: 'image/jpeg,image/png,image/gif',
      extensions: ['jpg', 'jpeg', 'png', 'gif'],
      typesLabel: 'JPG, PNG or GIF',
      maxBytes: 5 * MB,
      maxLabel: '5MB',
    },
  },
  {
    id: 'general',
    title: 'General Request',
    summary: 'Anything else for church leadership: questions, suggestions or needs.',
    subjectPlaceholder: 'What is your request about?',
    messageLabel: 'Your Request',
    messagePlaceholder: 'Tell us how we can help',
    fields: [
      { name: 'requestType', label: 'Request Type', control: 'text', placeholder: 'e.g. Question, suggestion, membership transfer' },
      { name: 'department', label: 'Department', control: 'select', options: departments },
      urgency,
    ],
  },
];
