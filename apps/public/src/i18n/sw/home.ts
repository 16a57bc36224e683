import type { home as english } from '../en/home';

/** Kiswahili: Home's hero (its sections' texts are in homeSections.ts). */
export const home: typeof english = {
  // Hero
  'home.heroVerseText': 'Nalifurahi waliponiambia, Na twende nyumbani kwa BWANA.',
  'home.heroVerseReference': 'Zaburi 122:1',
  'home.planYourVisit': 'Panga Ziara Yako',
  'home.planVisitShort': 'Tutembelee',
  'home.watchSermons': 'Tazama Mahubiri',
  'home.watchSermonsShort': 'Mahubiri',
  'home.giveNow': 'Toa Sasa',
  'home.heroImages': 'Picha za mandhari',
  'home.showImage': 'Onyesha picha {number}',
};
