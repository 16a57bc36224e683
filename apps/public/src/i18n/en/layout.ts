/** English: Header, footer, navigation, language switch, data saver, offline notices, shared UI (modals, form fields, errors), relative dates, the 404 page. The spec's texts word for word. */
export const layout = {
  /** The switch names the other language, in that language. */
  'layout.switchLanguage': 'Kiswahili',
  'layout.switchLanguageHint': ': read this page in Kiswahili',
  /** The switch's text where the header has little room (phones under 480 px, tablets). */
  'layout.switchLanguageShort': 'SW',

  // Shell
  'layout.skipToContent': 'Skip to main content',
  'layout.loading': 'Loading…',
  'layout.close': 'Close',

  // Header
  'layout.mainNav': 'Main',
  'layout.menu': 'Menu',
  'layout.scrollHint': 'Scroll for more links',
  'layout.navHome': 'Home',
  'layout.navAbout': 'About',
  'layout.navSermons': 'Sermons',
  'layout.navEvents': 'Events',
  'layout.navMinistries': 'Ministries',
  'layout.navDepartments': 'Departments',
  'layout.navContact': 'Contact',
  'layout.navSubmissions': 'Submissions',
  'layout.navGive': 'Give',

  // Footer
  'layout.footerAbout': "A community of believers sharing God's love and truth in {town} and beyond.",
  'layout.footerOurTown': 'our town',
  'layout.socialMedia': 'Social media',
  'layout.socialOpensNewTab': '{label} (opens in a new tab)',
  'layout.socialComingSoon': '{label} (coming soon)',
  'layout.quickLinks': 'Quick Links',
  'layout.quickAbout': 'About Our Church',
  'layout.quickSermons': 'Sermons & Messages',
  'layout.quickEvents': 'Events & Activities',
  'layout.ourMinistries': 'Our Ministries',
  'layout.quickGive': 'Give Online',
  'layout.quickContact': 'Contact Us',
  'layout.ministryYouth': 'Youth',
  'layout.ministryWomen': "Women's",
  'layout.ministryMen': "Men's",
  'layout.ministryChildren': "Children's",
  'layout.ministryMusic': 'Music',
  'layout.ministryOutreach': 'Community Outreach',
  'layout.footerVerseText':
    'Let your light so shine before men, that they may see your good works, and glorify your Father which is in heaven.',
  'layout.footerVerseReference': 'Matthew 5:16',
  'layout.copyright': '© {year} {name}. All rights reserved.',
  'layout.legalNav': 'Legal and support',
  'layout.privacyPolicy': 'Privacy Policy',
  'layout.termsOfService': 'Terms of Service',
  'layout.support': 'Support',
  'layout.donate': 'Donate',

  // Data saver
  'layout.dataSaver': 'Data saver',
  'layout.dataSaverOn': 'On: fewer pictures, videos and maps only when you ask.',
  'layout.dataSaverOff': 'Off',

  // Offline notices
  'layout.offlineSavedOn': 'You are offline — showing what was saved on {date}',
  'layout.offlineSavedOnPhone': 'You are offline — showing what was saved on this phone',
  'layout.formsWaitingOne': '1 form is saved on your phone. It will be sent when you are back online.',
  'layout.formsWaitingMany': '{count} forms are saved on your phone. They will be sent when you are back online.',
  'layout.savedFormSent': 'Your saved {label} has been sent.',
  'layout.savedFormRefused': 'Your saved {label} was not accepted: {message}',
  'layout.dismiss': 'Dismiss',

  // A page that failed to load, and the 404 page
  'layout.loadErrorTitle': 'This page could not be loaded',
  'layout.loadErrorText': 'Check your internet connection and try again.',
  'layout.tryAgain': 'Try again',
  'layout.notFoundTitle': 'Page not found',
  'layout.notFoundText': 'There is no page at this address.',
  'layout.notFoundHome': 'Go to the home page',

  // Relative dates and times (lib/relative-date.ts)
  'layout.today': 'Today',
  'layout.tomorrow': 'Tomorrow',
  'layout.thisWeekday': 'This {weekday}',
  'layout.nextWeekday': 'Next {weekday}',
  'layout.tba': 'TBA',
  'layout.allDay': 'All Day',
  // Weekday and time words in the church's schedules (System Settings; lib/schedule-words.ts)
  'layout.weekdaySunday': 'Sunday',
  'layout.weekdayMonday': 'Monday',
  'layout.weekdayTuesday': 'Tuesday',
  'layout.weekdayWednesday': 'Wednesday',
  'layout.weekdayThursday': 'Thursday',
  'layout.weekdayFriday': 'Friday',
  'layout.weekdaySaturday': 'Saturday',
  'layout.rangeTo': 'to',
  'layout.listAnd': 'and',

  // The information modal
  'layout.infoTime': 'Time',
  'layout.infoLocation': 'Location',
  'layout.infoDuration': 'Duration',
  'layout.infoDate': 'Date',
  'layout.infoMeetingTime': 'Meeting time',
  'layout.infoLeader': 'Leader',
  'layout.infoContact': 'Contact',
  'layout.mainSanctuary': 'Main Sanctuary',
  'layout.durationHour': '1 hour',
  'layout.durationHours': '{hours} hours',
  'layout.durationMinutes': '{minutes} minutes',
  'layout.durationHourMinutes': '1 hour {minutes} minutes',
  'layout.durationHoursMinutes': '{hours} hours {minutes} minutes',
  'layout.defaultMeetingTime': 'Contact for details',
  'layout.whatToExpect': 'What to expect',
  'layout.firstTimeVisiting': 'First time visiting?',
  'layout.firstTimeText':
    'You are welcome just as you are. Come a few minutes early: our greeters will meet you at the door, help you find a seat and answer any questions. Families with children are welcome, and there is a class for every age during Sabbath School.',
  'layout.planYourVisit': 'Plan Your Visit',
  'layout.planYourVisitAlert':
    'Plan Your Visit: we look forward to welcoming you to {title} ({time}) at {location}{address}. Please arrive 10 minutes early; our greeters will help you find your way.',
  'layout.contactInformation': 'Contact Information',
  'layout.contactChurch': 'Contact {name}',
  'layout.contactPhone': 'Phone: {phone}',
  'layout.contactEmail': 'Email: {email}',
  'layout.contactAddress': 'Address: {address}',
  'layout.contactTheOffice': 'Contact the Office',
  'layout.moreInfoSoon': 'More information coming soon',

  // Form fields
  'layout.honeypot': 'Leave this field empty',
};
