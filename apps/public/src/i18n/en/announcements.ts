/** English: Announcements. The spec's texts word for word. */
export const announcements = {
  'announcements.title': 'Announcements',
  'announcements.intro': 'News and notices from our church family.',
  'announcements.current': 'Current announcements',
  'announcements.loading': 'Loading announcements…',
  'announcements.emptyTitle': 'No announcements at this time',
  'announcements.emptyText': 'Check back later for updates from our church family.',
  'announcements.dateRange': '{start} to {end}',
  'announcements.audienceAll': 'All Welcome',
  'announcements.audienceMembers': 'Members Only',
  'announcements.audienceVisitors': 'Visitors Welcome',
  'announcements.audienceMinistryLeaders': 'Ministry Leaders',
  'announcements.audienceElders': 'Church Elders',
  'announcements.priorityUrgent': 'Urgent',
  'announcements.priorityHigh': 'High',
  'announcements.priorityNormal': 'Normal',
  'announcements.priorityLow': 'Low',
};
