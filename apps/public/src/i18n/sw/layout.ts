import type { layout as english } from '../en/layout';

/** Kiswahili: Header, footer, navigation, language switch, data saver, offline notices, shared UI (modals, form fields, errors), relative dates, the 404 page. */
export const layout: typeof english = {
  'layout.switchLanguage': 'English',
  'layout.switchLanguageHint': ': soma ukurasa huu kwa Kiingereza',
  'layout.switchLanguageShort': 'EN',

  // Shell
  'layout.skipToContent': 'Ruka hadi maudhui makuu',
  'layout.loading': 'Inapakia…',
  'layout.close': 'Funga',

  // Header
  'layout.mainNav': 'Menyu kuu',
  'layout.menu': 'Menyu',
  'layout.scrollHint': 'Sogeza kuona viungo zaidi',
  'layout.navHome': 'Nyumbani',
  'layout.navAbout': 'Kuhusu',
  'layout.navSermons': 'Mahubiri',
  'layout.navEvents': 'Matukio',
  'layout.navMinistries': 'Huduma',
  'layout.navDepartments': 'Idara',
  'layout.navContact': 'Wasiliana',
  'layout.navSubmissions': 'Tuma Ombi',
  'layout.navGive': 'Toa',

  // Footer
  'layout.footerAbout': 'Jumuiya ya waumini wanaoshiriki upendo na ukweli wa Mungu katika {town} na kwingineko.',
  'layout.footerOurTown': 'mji wetu',
  'layout.socialMedia': 'Mitandao ya kijamii',
  'layout.socialOpensNewTab': '{label} (hufunguka kwenye kichupo kipya)',
  'layout.socialComingSoon': '{label} (inakuja hivi karibuni)',
  'layout.quickLinks': 'Viungo vya Haraka',
  'layout.quickAbout': 'Kuhusu Kanisa Letu',
  'layout.quickSermons': 'Mahubiri na Jumbe',
  'layout.quickEvents': 'Matukio na Shughuli',
  'layout.ourMinistries': 'Huduma Zetu',
  'layout.quickGive': 'Toa Mtandaoni',
  'layout.quickContact': 'Wasiliana Nasi',
  'layout.ministryYouth': 'Vijana',
  'layout.ministryWomen': 'Wanawake',
  'layout.ministryMen': 'Wanaume',
  'layout.ministryChildren': 'Watoto',
  'layout.ministryMusic': 'Muziki',
  'layout.ministryOutreach': 'Huduma kwa Jamii',
  'layout.footerVerseText':
    'Vivyo hivyo nuru yenu na iangaze mbele ya watu, wapate kuyaona matendo yenu mema, wamtukuze Baba yenu aliye mbinguni.',
  'layout.footerVerseReference': 'Mathayo 5:16',
  'layout.copyright': '© {year} {name}. Haki zote zimehifadhiwa.',
  'layout.legalNav': 'Sheria na msaada',
  'layout.privacyPolicy': 'Sera ya Faragha',
  'layout.termsOfService': 'Masharti ya Huduma',
  'layout.support': 'Msaada',
  'layout.donate': 'Changia',

  // Data saver
  'layout.dataSaver': 'Kiokoa data',
  'layout.dataSaverOn': 'Kimewashwa: picha chache; video na ramani pale tu unapoomba.',
  'layout.dataSaverOff': 'Kimezimwa',

  // Offline notices
  'layout.offlineSavedOn': 'Uko nje ya mtandao — unaona kilichohifadhiwa tarehe {date}',
  'layout.offlineSavedOnPhone': 'Uko nje ya mtandao — unaona kilichohifadhiwa kwenye simu hii',
  'layout.formsWaitingOne': 'Fomu 1 imehifadhiwa kwenye simu yako. Itatumwa utakaporudi mtandaoni.',
  'layout.formsWaitingMany': 'Fomu {count} zimehifadhiwa kwenye simu yako. Zitatumwa utakaporudi mtandaoni.',
  'layout.savedFormSent': 'Fomu uliyohifadhi ({label}) imetumwa.',
  'layout.savedFormRefused': 'Fomu uliyohifadhi ({label}) haikukubaliwa: {message}',
  'layout.dismiss': 'Ondoa',

  // A page that failed to load, and the 404 page
  'layout.loadErrorTitle': 'Ukurasa huu haukuweza kupakiwa',
  'layout.loadErrorText': 'Angalia muunganisho wako wa intaneti kisha ujaribu tena.',
  'layout.tryAgain': 'Jaribu tena',
  'layout.notFoundTitle': 'Ukurasa haupatikani',
  'layout.notFoundText': 'Hakuna ukurasa kwenye anwani hii.',
  'layout.notFoundHome': 'Nenda ukurasa wa nyumbani',

  // Relative dates and times (lib/relative-date.ts)
  'layout.today': 'Leo',
  'layout.tomorrow': 'Kesho',
  'layout.thisWeekday': '{weekday} hii',
  'layout.nextWeekday': '{weekday} ijayo',
  'layout.tba': 'Itatangazwa',
  'layout.allDay': 'Siku nzima',
  // Weekday and time words in the church's schedules (System Settings; lib/schedule-words.ts)
  'layout.weekdaySunday': 'Jumapili',
  'layout.weekdayMonday': 'Jumatatu',
  'layout.weekdayTuesday': 'Jumanne',
  'layout.weekdayWednesday': 'Jumatano',
  'layout.weekdayThursday': 'Alhamisi',
  'layout.weekdayFriday': 'Ijumaa',
  'layout.weekdaySaturday': 'Jumamosi',
  'layout.rangeTo': 'hadi',
  'layout.listAnd': 'na',

  // The information modal
  'layout.infoTime': 'Saa',
  'layout.infoLocation': 'Mahali',
  'layout.infoDuration': 'Muda',
  'layout.infoDate': 'Tarehe',
  'layout.infoMeetingTime': 'Wakati wa mkutano',
  'layout.infoLeader': 'Kiongozi',
  'layout.infoContact': 'Mawasiliano',
  'layout.mainSanctuary': 'Ukumbi Mkuu',
  'layout.durationHour': 'Saa 1',
  'layout.durationHours': 'Saa {hours}',
  'layout.durationMinutes': 'Dakika {minutes}',
  'layout.durationHourMinutes': 'Saa 1 na dakika {minutes}',
  'layout.durationHoursMinutes': 'Saa {hours} na dakika {minutes}',
  'layout.defaultMeetingTime': 'Wasiliana nasi kwa maelezo',
  'layout.whatToExpect': 'Cha kutarajia',
  'layout.firstTimeVisiting': 'Ni mara yako ya kwanza kututembelea?',
  'layout.firstTimeText':
    'Karibu jinsi ulivyo. Fika dakika chache mapema: wakaribishaji wetu watakupokea mlangoni, watakusaidia kupata kiti na kujibu maswali yako. Familia zenye watoto zinakaribishwa, na kuna darasa kwa kila umri wakati wa Shule ya Sabato.',
  'layout.planYourVisit': 'Panga Ziara Yako',
  'layout.planYourVisitAlert':
    'Panga Ziara Yako: tunatazamia kukukaribisha kwenye {title} ({time}) katika {location}{address}. Tafadhali fika dakika 10 mapema; wakaribishaji wetu watakuonyesha njia.',
  'layout.contactInformation': 'Maelezo ya Mawasiliano',
  'layout.contactChurch': 'Wasiliana na {name}',
  'layout.contactPhone': 'Simu: {phone}',
  'layout.contactEmail': 'Barua pepe: {email}',
  'layout.contactAddress': 'Anwani: {address}',
  'layout.contactTheOffice': 'Wasiliana na Ofisi',
  'layout.moreInfoSoon': 'Maelezo zaidi yanakuja hivi karibuni',

  // Form fields
  'layout.honeypot': 'Acha sehemu hii wazi',
};
