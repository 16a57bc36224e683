import { type MessageKey, provide, t } from '../../i18n';
import { submissions as submissionsTexts } from '../../i18n/en/submissions';

provide(submissionsTexts);

/**
 * The request forms' dropdown options (spec §3 "Dropdown options"): stored value and label, the
 * label as a catalogue key (the language can change without a reload): `optionsIn` resolves it.
 */
export interface Option {
  value: string;
  label: MessageKey;
}

/** The options with their labels in the page's language, for a select or radio group. */
export function optionsIn(options: readonly Option[]): { value: string; label: string }[] {
  return options.map((option) => ({ value: option.value, label: t(option.label) }));
}

export const prayerTypes: Option[] = [
  { value: 'health', label: 'submissions.prayerHealth' },
  { value: 'family', label: 'submissions.prayerFamily' },
  { value: 'financial', label: 'submissions.prayerFinancial' },
  { value: 'spiritual', label: 'submissions.prayerSpiritual' },
  { value: 'thanksgiving', label: 'submissions.prayerThanksgiving' },
  { value: 'church', label: 'submissions.prayerChurch' },
  { value: 'community', label: 'submissions.prayerCommunity' },
  { value: 'other', label: 'submissions.other' },
];

/** Spec §5 "Prayer privacy". */
export const prayerPrivacy: Option[] = [
  { value: 'private', label: 'submissions.privacyPrivate' },
  { value: 'public', label: 'submissions.privacyPublic' },
];

export const visitationTypes: Option[] = [
  { value: 'hospital', label: 'submissions.visitHospital' },
  { value: 'home', label: 'submissions.visitHome' },
  { value: 'newmember', label: 'submissions.visitNewMember' },
  { value: 'bereavement', label: 'submissions.visitBereavement' },
  { value: 'elderly', label: 'submissions.visitElderly' },
  { value: 'sick', label: 'submissions.visitSick' },
  { value: 'encouragement', label: 'submissions.visitEncouragement' },
  { value: 'other', label: 'submissions.other' },
];

export const visitTimes: Option[] = [
  { value: 'any', label: 'submissions.timeAny' },
  { value: 'morning', label: 'submissions.timeMorning' },
  { value: 'afternoon', label: 'submissions.timeAfternoon' },
  { value: 'evening', label: 'submissions.timeEvening' },
];

export const departments: Option[] = [
  { value: 'youth', label: 'submissions.deptYouth' },
  { value: 'womens', label: 'submissions.deptWomens' },
  { value: 'mens', label: 'submissions.deptMens' },
  { value: 'children', label: 'submissions.deptChildren' },
  { value: 'music', label: 'submissions.deptMusic' },
  { value: 'evangelism', label: 'submissions.deptEvangelism' },
  { value: 'stewardship', label: 'submissions.deptStewardship' },
  { value: 'health', label: 'submissions.deptHealth' },
  { value: 'education', label: 'submissions.deptEducation' },
  { value: 'deacons', label: 'submissions.deptDeacons' },
  { value: 'deaconesses', label: 'submissions.deptDeaconesses' },
  { value: 'other', label: 'submissions.other' },
];

export const reportTypes: Option[] = [
  { value: 'monthly', label: 'submissions.reportMonthly' },
  { value: 'quarterly', label: 'submissions.reportQuarterly' },
  { value: 'annual', label: 'submissions.reportAnnual' },
  { value: 'event', label: 'submissions.reportEvent' },
  { value: 'financial', label: 'submissions.reportFinancial' },
  { value: 'attendance', label: 'submissions.reportAttendance' },
  { value: 'project', label: 'submissions.reportProject' },
  { value: 'other', label: 'submissions.other' },
];

export const counselingTypes: Option[] = [
  { value: 'marriage', label: 'submissions.counselMarriage' },
  { value: 'family', label: 'submissions.counselFamily' },
  { value: 'youth', label: 'submissions.counselYouth' },
  { value: 'spiritual', label: 'submissions.counselSpiritual' },
  { value: 'grief', label: 'submissions.counselGrief' },
  { value: 'addiction', label: 'submissions.counselAddiction' },
  { value: 'financial', label: 'submissions.counselFinancial' },
  { value: 'career', label: 'submissions.counselCareer' },
  { value: 'other', label: 'submissions.other' },
];

export const counselors: Option[] = [
  { value: 'none', label: 'submissions.counselorNone' },
  { value: 'senior-pastor', label: 'submissions.counselorSeniorPastor' },
  { value: 'associate-pastor', label: 'submissions.counselorAssociatePastor' },
  { value: 'elder', label: 'submissions.counselorElder' },
  { value: 'female-counselor', label: 'submissions.counselorFemale' },
  { value: 'male-counselor', label: 'submissions.counselorMale' },
];

export const counselingUrgencies: Option[] = [
  { value: 'normal', label: 'submissions.soonNormal' },
  { value: 'soon', label: 'submissions.soonSoon' },
  { value: 'urgent', label: 'submissions.soonUrgent' },
  { value: 'emergency', label: 'submissions.soonEmergency' },
];

export const maintenanceLocations: Option[] = [
  { value: 'sanctuary', label: 'submissions.placeSanctuary' },
  { value: 'fellowship-hall', label: 'submissions.placeFellowshipHall' },
  { value: 'kitchen', label: 'submissions.placeKitchen' },
  { value: 'bathrooms', label: 'submissions.placeBathrooms' },
  { value: 'classrooms', label: 'submissions.placeClassrooms' },
  { value: 'office', label: 'submissions.placeOffice' },
  { value: 'parking', label: 'submissions.placeParking' },
  { value: 'exterior', label: 'submissions.placeExterior' },
  { value: 'grounds', label: 'submissions.placeGrounds' },
  { value: 'equipment', label: 'submissions.placeEquipment' },
  { value: 'other', label: 'submissions.other' },
];

/** urgency and maintenancePriority. */
export const priorities: Option[] = [
  { value: 'low', label: 'submissions.priorityLow' },
  { value: 'normal', label: 'submissions.priorityNormal' },
  { value: 'high', label: 'submissions.priorityHigh' },
  { value: 'urgent', label: 'submissions.priorityUrgent' },
];

export const contactMethods: Option[] = [
  { value: 'email', label: 'submissions.contactEmail' },
  { value: 'phone', label: 'submissions.contactPhone' },
  { value: 'both', label: 'submissions.contactBoth' },
];
