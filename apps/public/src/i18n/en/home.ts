/** English: Home (hero, sections). The spec's texts word for word. */
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

  // Highlights
  'home.highlights': 'Highlights',
  'home.featuredAnnouncement': 'Featured Announcement',
  'home.loadingAnnouncement': 'Loading announcement…',
  'home.learnMore': 'Learn More',
  'home.learnMoreAbout': ' about {title}',
  'home.defaultAnnouncementTitle': 'Join Us This Sabbath',
  'home.defaultAnnouncementContent':
    'Come and worship with us this Sabbath: Sabbath School, the Divine Service and fellowship for the whole family. Everyone is welcome.',
  'home.ourStory': 'Our Story',
  'home.ourStoryText':
    'From a small gathering of believers to a family of congregations: learn how God has led us, and what we believe.',
  'home.communityImpact': 'Community Impact',
  'home.communityImpactText':
    'Youth, women, men, children, music and outreach: find a ministry where you can grow and serve others.',
  'home.exploreMinistries': 'Explore Ministries',

  // Connect With Us
  'home.connectWithUs': 'Connect With Us',
  'home.serviceTimes': 'Service Times',
  'home.ourLocation': 'Our Location',
  'home.easyToFind': 'Easy to find',
  'home.onSiteParking': 'On-site parking',
  'home.publicTransport': 'Public transport nearby',
  'home.viewOnMaps': 'View on Maps',
  'home.directions': 'Directions',
  'home.ourCommunity': 'Our Community',
  'home.communityWelcomes': 'Welcomes people of all backgrounds',
  'home.communityFocus': 'A spiritual focus on Christ and His word',
  'home.communityFellowship': 'Strong bonds of fellowship',
  'home.communityOutreach': 'Active outreach in our town',
  'home.contactPastorText': 'A question, a prayer need, or a word for our pastor? Write to us and we will reply by e-mail.',
  'home.messagePastor': 'Message the Pastor',
  'home.seniorPastor': 'Senior Pastor',

  // Today's Verse
  'home.todaysVerse': "Today's Verse",
  'home.verseNote': 'A new verse every day; it changes daily at midnight.',
  'home.loadingVerse': "Loading today's verse…",
  'home.fallbackVerseText': 'Thy word is a lamp unto my feet, and a light unto my path.',
  'home.fallbackVerseReference': 'Psalm 119:105',
  'home.fallbackVerseTranslation': 'KJV',
  'home.fallbackVerseReflection': "Let God's word light the next step you take today.",

  // Upcoming Events
  'home.upcomingEvents': 'Upcoming Events',
  'home.loadingEvents': 'Loading upcoming events…',
  'home.viewAllEvents': 'View All Events',
  'home.eventFallbackDescription': 'Join us for this special event',
  'home.defaultSabbathTitle': 'Sabbath Service',
  'home.defaultSabbathDate': 'This Saturday',
  'home.defaultSabbathTime': '9:00 AM - 1:00 PM',
  'home.defaultPrayerTitle': 'Prayer Meeting',
  'home.defaultPrayerDate': 'Next Wednesday',
  'home.defaultPrayerTime': '6:00 PM - 8:00 PM',
  'home.defaultYouthTitle': 'Youth Meeting',
  'home.defaultYouthDate': 'Next Friday',
  'home.defaultYouthTime': '6:00 PM - 8:00 PM',
  'home.youthHall': 'Youth Hall',
};
