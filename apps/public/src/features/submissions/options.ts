/** The request forms' dropdown options (spec §3 "Dropdown options"): stored value and label. */
export interface Option {
  value: string;
  label: string;
}

export const prayerTypes: Option[] = [
  { value: 'health', label: 'Health & Healing' },
  { value: 'family', label: 'Family & Relationships' },
  { value: 'financial', label: 'Financial Needs' },
  { value: 'spiritual', label: 'Spiritual Growth' },
  { value: 'thanksgiving', label: 'Thanksgiving & Praise' },
  { value: 'church', label: 'Church & Ministry' },
  { value: 'community', label: 'Community & World' },
  { value: 'other', label: 'Other' },
];

/** Spec §5 "Prayer privacy". */
export const prayerPrivacy: Option[] = [
  { value: 'private', label: 'Private (pastor and prayer team only)' },
  { value: 'public', label: 'Public (may be shared with the congregation)' },
];

export const visitationTypes: Option[] = [
  { value: 'hospital', label: 'Hospital Visit' },
  { value: 'home', label: 'Home Visit' },
  { value: 'newmember', label: 'New Member Visit' },
  { value: 'bereavement', label: 'Bereavement Support' },
  { value: 'elderly', label: 'Elderly Care Visit' },
  { value: 'sick', label: 'Sick Visit' },
  { value: 'encouragement', label: 'Encouragement Visit' },
  { value: 'other', label: 'Other' },
];

export const visitTimes: Option[] = [
  { value: 'any', label: 'Any time' },
  { value: 'morning', label: 'Morning (8AM-12PM)' },
  { value: 'afternoon', label: 'Afternoon (12PM-5PM)' },
  { value: 'evening', label: 'Evening (5PM-8PM)' },
];

export const departments: Option[] = [
  { value: 'youth', label: 'Youth Ministry' },
  { value: 'womens', label: "Women's Ministry" },
  { value: 'mens', label: "Men's Ministry" },
  { value: 'children', label: "Children's Ministry" },
  { value: 'music', label: 'Music Ministry' },
  { value: 'evangelism', label: 'Evangelism' },
  { value: 'stewardship', label: 'Stewardship' },
  { value: 'health', label: 'Health Ministry' },
  { value: 'education', label: 'Education' },
  { value: 'deacons', label: 'Deacons' },
  { value: 'deaconesses', label: 'Deaconesses' },
  { value: 'other', label: 'Other' },
];

export const reportTypes: Option[] = [
  { value: 'monthly', label: 'Monthly Report' },
  { value: 'quarterly', label: 'Quarterly Report' },
  { value: 'annual', label: 'Annual Report' },
  { value: 'event', label: 'Event Report' },
  { value: 'financial', label: 'Financial Report' },
  { value: 'attendance', label: 'Attendance Report' },
  { value: 'project', label: 'Project Report' },
  { value: 'other', label: 'Other' },
];

export const counselingTypes: Option[] = [
  { value: 'marriage', label: 'Marriage Counseling' },
  { value: 'family', label: 'Family Counseling' },
  { value: 'youth', label: 'Youth Counseling' },
  { value: 'spiritual', label: 'Spiritual Guidance' },
  { value: 'grief', label: 'Grief Counseling' },
  { value: 'addiction', label: 'Addiction Support' },
  { value: 'financial', label: 'Financial Counseling' },
  { value: 'career', label: 'Career Guidance' },
  { value: 'other', label: 'Other' },
];

export const counselors: Option[] = [
  { value: 'none', label: 'No preference' },
  { value: 'senior-pastor', label: 'Senior Pastor' },
  { value: 'associate-pastor', label: 'Associate Pastor' },
  { value: 'elder', label: 'Church Elder' },
  { value: 'female-counselor', label: 'Female Counselor' },
  { value: 'male-counselor', label: 'Male Counselor' },
];

export const counselingUrgencies: Option[] = [
  { value: 'normal', label: 'Normal (within a week)' },
  { value: 'soon', label: 'Soon (2-3 days)' },
  { value: 'urgent', label: 'Urgent (ASAP)' },
  { value: 'emergency', label: 'Emergency (same day)' },
];

export const maintenanceLocations: Option[] = [
  { value: 'sanctuary', label: 'Sanctuary' },
  { value: 'fellowship-hall', label: 'Fellowship Hall' },
  { value: 'kitchen', label: 'Kitchen' },
  { value: 'bathrooms', label: 'Bathrooms' },
  { value: 'classrooms', label: 'Classrooms' },
  { value: 'office', label: 'Office' },
  { value: 'parking', label: 'Parking' },
  { value: 'exterior', label: 'Exterior' },
  { value: 'grounds', label: 'Grounds' },
  { value: 'equipment', label: 'Equipment' },
  { value: 'other', label: 'Other' },
];

/** urgency and maintenancePriority. */
export const priorities: Option[] = [
  { value: 'low', label: 'Low' },
  { value: 'normal', label: 'Normal' },
  { value: 'high', label: 'High' },
  { value: 'urgent', label: 'Urgent' },
];

export const contactMethods: Option[] = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'both', label: 'Both' },
];
