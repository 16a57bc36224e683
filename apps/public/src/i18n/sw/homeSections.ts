import type { homeSections as english } from '../en/homeSections';

/** Kiswahili: Home's sections below the hero. */
export const homeSections: typeof english = {
  // Highlights
  'home.highlights': 'Mambo muhimu',
  'home.featuredAnnouncement': 'Tangazo Maalum',
  'home.loadingAnnouncement': 'Tangazo linapakia…',
  'home.learnMore': 'Soma Zaidi',
  'home.learnMoreAbout': ' kuhusu {title}',
  'home.learnMoreAnnouncements': ' kuhusu matangazo yetu',
  'home.defaultAnnouncementTitle': 'Jiunge Nasi Sabato Hii',
  'home.defaultAnnouncementContent':
    'Karibu uabudu pamoja nasi Sabato hii: Shule ya Sabato, Ibada Kuu na ushirika kwa familia nzima. Kila mtu anakaribishwa.',
  'home.ourStory': 'Historia Yetu',
  'home.ourStoryText':
    'Kutoka kikundi kidogo cha waumini hadi familia ya makanisa: jifunze jinsi Mungu alivyotuongoza, na kile tunachoamini.',
  'home.communityImpact': 'Mchango kwa Jamii',
  'home.communityImpactText':
    'Vijana, wanawake, wanaume, watoto, muziki na uinjilisti: pata huduma ambamo utakua na kuwahudumia wengine.',
  'home.exploreMinistries': 'Gundua Huduma',
  // Connect With Us
  'home.connectWithUs': 'Ungana Nasi',
  'home.serviceTimes': 'Nyakati za Ibada',
  'home.ourLocation': 'Mahali Tulipo',
  'home.easyToFind': 'Ni rahisi kutupata',
  'home.onSiteParking': 'Maegesho ya magari kanisani',
  'home.publicTransport': 'Usafiri wa umma uko karibu',
  'home.viewOnMaps': 'Tazama kwenye Ramani',
  'home.directions': 'Maelekezo',
  'home.ourCommunity': 'Jumuiya Yetu',
  'home.communityWelcomes': 'Inawakaribisha watu wa asili zote',
  'home.communityFocus': 'Mtazamo wa kiroho kwa Kristo na neno Lake',
  'home.communityFellowship': 'Ushirika wenye nguvu',
  'home.communityOutreach': 'Uinjilisti hai katika mji wetu',
  'home.contactPastorText': 'Una swali, hitaji la maombi, au neno kwa mchungaji wetu? Tuandikie nasi tutakujibu kwa barua pepe.',
  'home.messagePastor': 'Mwandikie Mchungaji',
  'home.seniorPastor': 'Mchungaji Kiongozi',
  // Today's Verse
  'home.todaysVerse': 'Fungu la Leo',
  'home.verseNote': 'Fungu jipya kila siku; hubadilika kila usiku wa manane.',
  'home.loadingVerse': 'Fungu la leo linapakia…',
  'home.fallbackVerseText': 'Neno lako ni taa ya miguu yangu, Na mwanga wa njia yangu.',
  'home.fallbackVerseReference': 'Zaburi 119:105',
  'home.fallbackVerseTranslation': 'SUV',
  'home.fallbackVerseReflection': 'Neno la Mungu na liangaze hatua yako inayofuata leo.',
  // Upcoming Events
  'home.upcomingEvents': 'Matukio Yajayo',
  'home.loadingEvents': 'Matukio yajayo yanapakia…',
  'home.viewAllEvents': 'Tazama Matukio Yote',
  'home.eventFallbackDescription': 'Jiunge nasi katika tukio hili maalum',
  'home.defaultSabbathTitle': 'Ibada ya Sabato',
  'home.defaultSabbathDate': 'Jumamosi hii',
  'home.defaultSabbathTime': '09:00 - 13:00',
  'home.defaultPrayerTitle': 'Mkutano wa Maombi',
  'home.defaultPrayerDate': 'Jumatano ijayo',
  'home.defaultPrayerTime': '18:00 - 20:00',
  'home.defaultYouthTitle': 'Mkutano wa Vijana',
  'home.defaultYouthDate': 'Ijumaa ijayo',
  'home.defaultYouthTime': '18:00 - 20:00',
  'home.youthHall': 'Ukumbi wa Vijana',
};
