import type { forms as english } from '../en/forms';

/** Kiswahili: Shared form validation and sending messages (lib/form.ts, lib/deliver.ts, lib/outbox.ts). */
export const forms: typeof english = {
  'forms.checkFields': 'Tafadhali angalia sehemu zilizowekwa alama.',
  'forms.enterEmail': 'Tafadhali weka barua pepe yako',
  'forms.invalidEmail': 'Tafadhali weka barua pepe sahihi',
  'forms.invalidPhone': 'Tafadhali weka namba sahihi ya simu (mfano, 0712 345 678)',
  'forms.enterSubject': 'Tafadhali weka mada',
  'forms.enterMessage': 'Tafadhali andika ujumbe wako',
  'forms.networkError': 'Imeshindwa kufikia seva. Angalia muunganisho wako wa intaneti kisha ujaribu tena.',
  'forms.invalidResponse': 'Seva imetuma jibu lisiloweza kusomeka.',
  'forms.aborted': 'Ombi limesitishwa.',
  'forms.savedOnPhone': 'Imehifadhiwa kwenye simu yako. Itatumwa utakaporudi mtandaoni.',
  'forms.notSaved': 'Hakuna muunganisho na fomu haikuweza kuhifadhiwa kwenye simu hii. Tafadhali jaribu tena utakaporudi mtandaoni.',
  'forms.queuedRefused': 'Tovuti ya kanisa haikuikubali.',
};
