/** English: Home's hero, in the first load (its sections' texts are in homeSections.ts). The spec's texts word for word. */
export const home = {
  // Hero
  'home.heroVerseText': 'I was glad when they said unto me, Let us go into the house of the LORD.',
  'home.heroVerseReference': 'Psalm 122:1',
  'home.planYourVisit': 'Plan Your Visit',
  'home.planVisitShort': 'Plan Visit',
  'home.watchSermons': 'Watch Sermons',
  'home.watchSermonsShort': 'Sermons',
  'home.giveNow': 'Give Now',
  'home.heroImages': 'Background images',
  'home.showImage': 'Show image {number}',
};
