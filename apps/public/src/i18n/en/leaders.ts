/**
 * English: a church leader's title before the name (church_leaders.title, migration 0045), for
 * About and Ministries. {name}: the leader's name as stored, without a title.
 */
export const leaders = {
  'leaders.titlePastor': 'Pr. {name}',
  'leaders.titleElder': 'Elder {name}',
  'leaders.titleDeacon': 'Deacon {name}',
  'leaders.titleDeaconess': 'Deaconess {name}',
  'leaders.titleDr': 'Dr. {name}',
  'leaders.titleProf': 'Prof. {name}',
  'leaders.titleMr': 'Mr. {name}',
  'leaders.titleMrs': 'Mrs. {name}',
  'leaders.titleMs': 'Ms. {name}',
};
