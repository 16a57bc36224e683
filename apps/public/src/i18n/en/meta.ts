/**
 * English: each page's description for search engines and link previews (WhatsApp). The server
 * puts it in the page's `<head>` (the build's `dist/routes.json`, written by routes-plugin.ts
 * from `app/routes.ts`); the app never shows it, so this area is not part of the catalogue the
 * app loads (`en`, `sw`). `{church}` is the church's name with its branch.
 */
export const meta = {
  'meta.homeDescription': 'Welcome to {church}: service times, sermons, upcoming events, ministries and online giving.',
  'meta.aboutDescription': 'The mission, heritage, beliefs and leadership of {church}.',
  'meta.sermonsDescription': 'Watch and listen to recent sermons and the current series at {church}.',
  'meta.eventsDescription': 'Upcoming events, weekly activities and the church calendar of {church}.',
  'meta.ministriesDescription':
    "Youth, women's, men's, children's, music and outreach ministries at {church}: find where you belong.",
  'meta.departmentsDescription': 'The departments of {church}: who leads them and what they do.',
  'meta.contactDescription': 'Address, phone, e-mail, office hours, service times and directions to {church}.',
  'meta.givingDescription':
    'Give tithes, offerings and special-project gifts to {church} by mobile money, paybill or bank transfer.',
  'meta.submissionsDescription':
    'Send a prayer request, ask for a visit or counselling, or write to the leadership of {church}.',
  'meta.announcementsDescription': 'The latest announcements from {church}.',
  'meta.portalDescription': 'Members of {church} sign in with their phone to see their giving and keep their details current.',
  'meta.notFoundDescription': 'This page does not exist on the website of {church}.',
};

export type MetaKey = keyof typeof meta;
