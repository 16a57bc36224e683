import type { meta as english } from '../en/meta';

/** Kiswahili: each page's description for search engines and link previews (see en/meta.ts). */
export const meta: typeof english = {
  'meta.homeDescription': 'Karibu {church}: nyakati za ibada, mahubiri, matukio yajayo, huduma na kutoa mtandaoni.',
  'meta.aboutDescription': 'Utume, historia, imani na uongozi wa {church}.',
  'meta.sermonsDescription': 'Tazama na usikilize mahubiri ya hivi karibuni na mfululizo wa sasa katika {church}.',
  'meta.eventsDescription': 'Matukio yajayo, shughuli za kila wiki na kalenda ya kanisa la {church}.',
  'meta.ministriesDescription':
    'Huduma za vijana, wanawake, wanaume, watoto, muziki na uinjilisti katika {church}: pata mahali pako.',
  'meta.departmentsDescription': 'Idara za {church}: wanaoziongoza na kazi zao.',
  'meta.contactDescription': 'Anwani, simu, barua pepe, saa za ofisi, nyakati za ibada na maelekezo ya kufika {church}.',
  'meta.givingDescription':
    'Toa zaka, sadaka na michango ya miradi maalum kwa {church} kupitia pesa za simu, Paybill au benki.',
  'meta.submissionsDescription': 'Tuma ombi la maombi, omba kutembelewa au ushauri, au uandikie uongozi wa {church}.',
  'meta.announcementsDescription': 'Matangazo ya hivi karibuni kutoka {church}.',
  'meta.portalDescription': 'Washiriki wa {church} huingia kwa simu yao kuona matoleo yao na kusasisha taarifa zao.',
  'meta.notFoundDescription': 'Ukurasa huu haupo kwenye tovuti ya {church}.',
};
