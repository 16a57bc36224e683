import type { EventRow } from './event-display';

/**
 * The built-in sample events (public-site.md §3 "52 sample events for 2025"), shown when the
 * events read fails or returns nothing. Loaded only then (a separate chunk).
 *
 * The samples are an annual calendar. The spec dated them in 2025, which is past, and the page
 * shows the current year, so they are moved by whole weeks into the year asked for: Sabbath
 * events stay on Saturdays and each lands within three days of its 2025 date.
 *
 * Each entry: start 'MM-DD HH:MM' and end (null = All Day) on the 2025 calendar, Nairobi time;
 * title, description, location, event type, category, department, attendees.
 */
type Sample = [string, string | null, string, string, string, string, string, string, string];

const SAMPLES: Sample[] = [
  ["01-04 09:00", "01-04 13:00", "New Year Dedication Sabbath", "We begin the year by dedicating our families, our plans and our church to God in a special Sabbath of prayer and praise.", "Main Sanctuary", "Prayer Event", "worship", "Prayer Ministries", "All members welcome"],
  ["01-08 18:00", "01-18 13:00", "Ten Days of Prayer", "Ten evenings of united prayer, from 8 to 18 January, closing with a Sabbath of praise and testimonies.", "Main Sanctuary", "Prayer Week", "prayer", "Prayer Ministries", "All members welcome"],
  ["01-18 14:30", "01-18 17:00", "Induction of Church Officers", "Dedication service for the church officers elected for the year.", "Main Sanctuary", "Induction", "leadership", "Church Secretariat", "Church officers"],
  ["01-26 09:00", "01-26 16:00", "Church Officers Training Seminar", "Training for elders, deacons, deaconesses, clerks, treasurers and department leaders, led by the pastoral team.", "Fellowship Hall", "Training", "leadership", "Church Secretariat", "Church officers"],
  ["02-01 09:00", "02-01 13:00", "Stewardship Emphasis Sabbath", "A Sabbath on faithfulness in tithes, offerings and the use of our time and talents.", "Main Sanctuary", "Stewardship", "stewardship", "Stewardship", "All members welcome"],
  ["02-09 08:00", "02-09 16:00", "Health Expo and Free Medical Camp", "Free blood pressure, blood sugar and eye screening, health talks and healthy cooking demonstrations.", "Church Grounds", "Health Ministry", "health", "Health Ministries", "Open to the community"],
  ["02-15 09:00", "02-15 17:00", "Christian Home and Marriage Sabbath", "Closing Sabbath of Christian Home and Marriage Week, with an afternoon marriage enrichment session.", "Main Sanctuary", "Family Life", "family", "Family Life", "Couples and families"],
  ["02-22 14:00", "02-22 18:00", "Singles Fellowship Afternoon", "An afternoon of fellowship, a panel discussion on purposeful singleness, and prayer.", "Fellowship Hall", "Singles Ministry", "fellowship", "Family Life", "Singles 25 years and above"],
  ["03-01 09:00", "03-01 13:00", "Women's Day of Prayer", "The world church's Women's Day of Prayer, led by the women's ministries team.", "Main Sanctuary", "Women's Ministry", "prayer", "Women's Ministries", "Women of all ages"],
  ["03-08 15:00", "03-08 17:00", "Adventurer Induction", "New Adventurers and their parents are welcomed into the club for the year.", "Main Sanctuary", "Adventurer Program", "children", "Children's Ministries", "Adventurers and parents"],
  ["03-15 18:00", "03-22 13:00", "Youth Week of Prayer", "A week of evening meetings led by the youth, closing with a youth-led Divine Service.", "Youth Hall", "Youth Program", "youth", "Adventist Youth Ministries", "Youth aged 16 to 35"],
  ["03-23 09:00", "03-23 15:00", "Church Media and Communication Workshop", "Hands-on training in live-streaming, photography, social media and writing church news.", "Fellowship Hall", "Communication", "education", "Communication", "Media volunteers"],
  ["03-29 11:00", "03-29 14:00", "Quarterly Communion Service", "The ordinances of foot washing and the Lord's Supper.", "Main Sanctuary", "Communion", "worship", "Deacons", "Baptised members"],
  ["04-05 09:00", "04-05 13:00", "Sabbath School Visitors' Day", "Invite a friend to Sabbath School: special programme, visitors' class and fellowship lunch.", "Main Sanctuary", "Sabbath School", "worship", "Sabbath School", "All members welcome"],
  ["04-12 09:00", "04-12 16:00", "Literature Evangelism Rally", "Literature evangelists share testimonies, and members take books and magazines into the town.", "Main Sanctuary", "Publishing", "outreach", "Personal Ministries", "All members welcome"],
  ["04-19 18:00", "04-19 20:30", "Resurrection Music Concert", "The choir and guest groups celebrate the risen Saviour in song.", "Main Sanctuary", "Music Ministry", "music", "Music", "Open to the community"],
  ["04-26 18:00", "05-10 13:00", "Public Evangelistic Campaign", "Two weeks of nightly Bible meetings in the tent on the church grounds, closing with a baptism.", "Church Grounds", "Personal Ministry", "outreach", "Personal Ministries", "Open to the community"],
  ["05-03 10:00", "05-03 15:00", "Church Hall Building Fund Harambee", "A fundraising day for the new church hall, with guests from the conference and sister churches.", "Main Sanctuary", "Development", "development", "Development", "All members welcome"],
  ["05-10 09:00", "05-10 13:00", "Mothers' Appreciation Sabbath", "We honour the mothers of the church with special music, gifts and a blessing.", "Main Sanctuary", "Recognition", "family", "Women's Ministries", "All members welcome"],
  ["05-17 14:00", "05-17 17:30", "Master Guide Training Class", "Monthly training class for Master Guide candidates.", "Youth Hall", "Master Guide", "youth", "Adventist Youth Ministries", "Master Guide candidates"],
  ["05-24 09:00", "05-24 13:00", "Children's Sabbath", "The children lead the Sabbath School and Divine Service.", "Main Sanctuary", "Children's Program", "children", "Children's Ministries", "All members welcome"],
  ["05-31 08:00", "05-31 12:00", "Community Welfare Food Drive", "Distribution of food packs and clothing to families in need in the town.", "Community Services Centre", "Welfare", "outreach", "Community Services", "Open to the community"],
  ["06-07 07:00", "06-07 09:00", "Men's Prayer Breakfast", "Breakfast, prayer and a talk on the man as priest of his home.", "Fellowship Hall", "Men's Ministry", "fellowship", "Adventist Men's Ministries", "Men of all ages"],
  ["06-14 09:00", "06-14 13:00", "Education Sabbath", "We pray for our students and teachers and raise the education scholarship fund.", "Main Sanctuary", "Education", "education", "Education", "All members welcome"],
  ["06-21 10:00", "06-21 13:00", "Interfaith Community Peace Forum", "Church and community leaders meet to pray and talk about peace and service in the town.", "Fellowship Hall", "Interfaith", "outreach", "Communication", "Open to the community"],
  ["06-28 11:00", "06-28 14:00", "Quarterly Communion Service", "The ordinances of foot washing and the Lord's Supper.", "Main Sanctuary", "Communion", "worship", "Deacons", "Baptised members"],
  ["07-05 14:00", "07-05 17:00", "Chaplaincy Sabbath: Hospital and Prison Visits", "Teams visit the hospital wards and the prison to pray, sing and share literature.", "County Referral Hospital and Prison", "Chaplaincy", "outreach", "Personal Ministries", "All members welcome"],
  ["07-12 09:00", "07-12 16:00", "Church Leadership Summit", "Mid-year review of the church's plans with all department leaders.", "Fellowship Hall", "Leadership", "leadership", "Church Secretariat", "Church officers"],
  ["07-19 14:00", "07-19 17:00", "Pathfinder Drill and Honours Day", "Pathfinders show their drill and complete honours requirements.", "Church Grounds", "Pathfinder Program", "youth", "Adventist Youth Ministries", "Pathfinders and parents"],
  ["07-27 09:00", "07-27 13:00", "Health Seminar: Preventing Lifestyle Diseases", "Doctors and nutritionists talk about diabetes, hypertension and healthy eating.", "Fellowship Hall", "Health Ministry", "health", "Health Ministries", "Open to the community"],
  ["08-02 14:00", "08-02 17:00", "Literature Distribution Sabbath", "Members share books and magazines in the town centre.", "Town Centre", "Publishing", "outreach", "Personal Ministries", "All members welcome"],
  ["08-04 09:00", "08-08 13:00", "Vacation Bible School", "Five mornings of Bible stories, songs, crafts and games during the school holidays.", "Children's Hall", "VBS", "children", "Children's Ministries", "Children 4 to 12 years"],
  ["08-10 08:00", "08-16 13:00", "Camp Meeting", "The conference camp meeting: a week of revival meetings with churches from the whole field.", "Conference Campground", "Camp Meeting", "worship", "Personal Ministries", "All members welcome"],
  ["08-23 09:00", "08-23 16:00", "Youth Career and Mentorship Day", "Professionals from the church mentor young people on careers, business and faith at work.", "Youth Hall", "Youth Program", "youth", "Adventist Youth Ministries", "Youth aged 16 to 35"],
  ["08-30 10:00", "08-30 16:00", "Family Fun Day", "Games, a picnic lunch and family devotions on the church grounds.", "Church Grounds", "Family Life", "family", "Family Life", "Families"],
  ["09-06 00:00", null, "Day of Prayer and Fasting", "A day of prayer and fasting for the church, the nation and the schools.", "Main Sanctuary", "Prayer Event", "prayer", "Prayer Ministries", "All members welcome"],
  ["09-14 09:00", "09-14 15:00", "Sabbath School Teachers' Training", "Training in lesson preparation, class discussion and mission emphasis.", "Fellowship Hall", "Training", "education", "Sabbath School", "Sabbath School teachers"],
  ["09-20 09:00", "09-20 13:00", "Stewardship Seminar: Faithful in Little", "Practical teaching on budgeting, saving, debt and faithful giving.", "Main Sanctuary", "Stewardship", "stewardship", "Stewardship", "All members welcome"],
  ["09-27 11:00", "09-27 14:00", "Quarterly Communion Service", "The ordinances of foot washing and the Lord's Supper.", "Main Sanctuary", "Communion", "worship", "Deacons", "Baptised members"],
  ["10-04 09:00", "10-04 13:00", "Creation Sabbath", "Celebrating God as Creator, with a nature walk in the afternoon.", "Main Sanctuary", "Creation", "worship", "Sabbath School", "All members welcome"],
  ["10-11 14:00", "10-11 17:00", "Pathfinder Investiture", "Pathfinders receive their class pins and honours for the year.", "Main Sanctuary", "Pathfinder Program", "youth", "Adventist Youth Ministries", "All members welcome"],
  ["10-18 09:00", "10-18 13:00", "Men's Ministry Sabbath", "The men of the church lead the Sabbath services.", "Main Sanctuary", "Men's Ministry", "worship", "Adventist Men's Ministries", "All members welcome"],
  ["10-25 14:00", "10-25 17:00", "Master Guide Investiture", "Master Guide candidates who completed their training are invested.", "Main Sanctuary", "Master Guide", "youth", "Adventist Youth Ministries", "All members welcome"],
  ["11-01 18:00", "11-08 13:00", "Week of Prayer", "The annual week of prayer with the readings of the world church.", "Main Sanctuary", "Prayer Week", "prayer", "Prayer Ministries", "All members welcome"],
  ["11-09 10:00", "11-09 13:00", "Church Hall Roofing Project Launch", "Launch of the roofing phase of the church hall project.", "Church Grounds", "Development", "development", "Development", "All members welcome"],
  ["11-16 09:00", "11-16 16:00", "Church Business Meeting and Elections", "Annual reports and the election of church officers for the coming year.", "Main Sanctuary", "Leadership", "leadership", "Church Secretariat", "Baptised members"],
  ["11-22 15:00", "11-22 17:00", "Adventurer Investiture", "Adventurers receive their class awards for the year.", "Main Sanctuary", "Adventurer Program", "children", "Children's Ministries", "All members welcome"],
  ["11-29 08:00", "11-29 17:00", "Thanksgiving Sabbath and Welfare Food Drive", "A Sabbath of thanksgiving; members bring food and clothing for needy families.", "Main Sanctuary", "Welfare", "outreach", "Community Services", "All members welcome"],
  ["12-06 09:00", "12-06 13:00", "Annual Recognition and Appreciation Sabbath", "We thank God for the year and appreciate the officers and volunteers who served.", "Main Sanctuary", "Recognition", "worship", "Church Secretariat", "All members welcome"],
  ["12-13 18:00", "12-13 20:30", "Christmas Carol Service", "Carols, Scripture readings and special music by the choir and the children.", "Main Sanctuary", "Music Ministry", "music", "Music", "Open to the community"],
  ["12-20 10:00", "12-20 13:00", "Children's Christmas Programme", "The children present the story of the birth of Jesus.", "Main Sanctuary", "Children's Program", "children", "Children's Ministries", "All members welcome"],
  ["12-27 11:00", "12-27 14:00", "Year-End Communion Service", "We close the year at the Lord's table.", "Main Sanctuary", "Communion", "worship", "Deacons", "Baptised members"],];

const DAY_MS = 86_400_000;

/** Whole days (a multiple of 7) between the 2025 calendar and the same weeks of `year`. */
function weekShift(year: number): number {
  const days = (Date.UTC(year, 0, 1) - Date.UTC(2025, 0, 1)) / DAY_MS;
  return Math.round(days / 7) * 7;
}

function instant(monthDayTime: string, shift: number): string {
  const [monthDay = '01-01', time = '00:00'] = monthDayTime.split(' ');
  const [month = 1, day = 1] = monthDay.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  // Nairobi is UTC+3 all year.
  return new Date(Date.UTC(2025, month - 1, day + shift, hours - 3, minutes)).toISOString();
}

/** The 52 sample events, placed in `year`. */
export function sampleEvents(year: number): EventRow[] {
  const shift = weekShift(year);
  return SAMPLES.map(([start, end, title, description, location, type, category, department, attendees], index) => ({
    id: `sample-event-${String(index + 1)}`,
    title,
    description,
    start_date: instant(start, shift),
    end_date: end === null ? null : instant(end, shift),
    location,
    event_type: type,
    category,
    department,
    attendees,
  }));
}
