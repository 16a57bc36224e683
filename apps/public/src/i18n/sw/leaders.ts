import type { leaders as english } from '../en/leaders';

/** Kiswahili: a church leader's title before the name (Mchungaji, Mzee, Shemasi, Dkt., Bw., Bi.). */
export const leaders: typeof english = {
  'leaders.titlePastor': 'Mchungaji {name}',
  'leaders.titleElder': 'Mzee {name}',
  'leaders.titleDeacon': 'Shemasi {name}',
  'leaders.titleDeaconess': 'Shemasi {name}',
  'leaders.titleDr': 'Dkt. {name}',
  'leaders.titleProf': 'Prof. {name}',
  'leaders.titleMr': 'Bw. {name}',
  'leaders.titleMrs': 'Bi. {name}',
  'leaders.titleMs': 'Bi. {name}',
};
