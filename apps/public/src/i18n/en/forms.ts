/** English: Shared form validation and sending messages (lib/form.ts, lib/deliver.ts, lib/outbox.ts). The spec's texts word for word. */
export const forms = {
  /** The general message of a form refused before sending (the server's words for the same case). */
  'forms.checkFields': 'Please check the highlighted fields.',
  'forms.enterEmail': 'Please enter your email address',
  'forms.invalidEmail': 'Please enter a valid email address',
  'forms.invalidPhone': 'Please enter a valid phone number (e.g., 0712 345 678)',
  'forms.enterSubject': 'Please enter a subject',
  'forms.enterMessage': 'Please enter your message',
  /** The API client's own failures (no answer, an unreadable answer, a cancelled request). */
  'forms.networkError': 'Could not reach the server. Check your internet connection and try again.',
  'forms.invalidResponse': 'The server sent a response that could not be read.',
  'forms.aborted': 'The request was cancelled.',
  /** A form kept on the phone (lib/deliver.ts). */
  'forms.savedOnPhone': 'Saved on your phone. It will be sent when you are back online.',
  'forms.notSaved': 'There is no connection and the form could not be saved on this phone. Please try again when you are back online.',
  /** A queued form the server refused without a message of its own. */
  'forms.queuedRefused': 'The church website did not accept it.',
};
