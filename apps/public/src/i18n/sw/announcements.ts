import type { announcements as english } from '../en/announcements';

/** Kiswahili: Announcements. */
export const announcements: typeof english = {
  'announcements.title': 'Matangazo',
  'announcements.intro': 'Habari na taarifa kutoka kwa familia ya kanisa letu.',
  'announcements.current': 'Matangazo ya sasa',
  'announcements.loading': 'Matangazo yanapakia…',
  'announcements.emptyTitle': 'Hakuna matangazo kwa sasa',
  'announcements.emptyText': 'Rudi baadaye upate habari mpya kutoka kwa familia ya kanisa letu.',
  'announcements.dateRange': '{start} hadi {end}',
  'announcements.audienceAll': 'Wote Mnakaribishwa',
  'announcements.audienceMembers': 'Washiriki Pekee',
  'announcements.audienceVisitors': 'Wageni Karibuni',
  'announcements.audienceMinistryLeaders': 'Viongozi wa Huduma',
  'announcements.audienceElders': 'Wazee wa Kanisa',
  'announcements.priorityUrgent': 'Dharura',
  'announcements.priorityHigh': 'Muhimu',
  'announcements.priorityNormal': 'Kawaida',
  'announcements.priorityLow': 'Chini',
};
