import { describe, expect, it } from 'vitest';
import { deleteConfirm, publishTexts, savedText } from './publishable';

describe('publishable list texts', () => {
  it('says a new row starts as a draft, and an edited one was saved', () => {
    expect(savedText('Camp Meeting', true)).toBe('“Camp Meeting” was added as a draft. Switch on Published to show it on the website.');
    expect(savedText('Camp Meeting', false)).toBe('“Camp Meeting” was saved.');
  });

  it('words the publish toggle both ways', () => {
    expect(publishTexts('Camp Meeting', true)).toMatchObject({
      done: '“Camp Meeting” is now published on the website.',
      failed: 'Could not publish “Camp Meeting”. Please try again.',
    });
    expect(publishTexts('Camp Meeting', false)).toMatchObject({
      done: '“Camp Meeting” is now a draft and hidden from the website.',
      failed: 'Could not unpublish “Camp Meeting”. Please try again.',
    });
  });

  it("builds the delete confirmation from the feature's own texts", () => {
    const confirm = deleteConfirm('Event', { confirmDelete: 'Sure?', deleteError: 'Failed.' });
    const texts = confirm({ id: 'e1', title: 'Camp Meeting', is_published: true });
    expect(texts).toMatchObject({
      title: 'Delete Event',
      message: 'Sure?',
      confirmLabel: 'Delete',
      busyLabel: 'Deleting...',
      done: '“Camp Meeting” was deleted.',
      log: 'Deleting the event failed',
    });
    expect(texts.error()).toBe('Failed.');
  });
});
