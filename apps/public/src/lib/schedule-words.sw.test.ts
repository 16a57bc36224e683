import { describe, expect, it } from 'vitest';
import { inKiswahili } from '../test/kiswahili';
import { scheduleWords } from './schedule-words';

describe('schedule words', () => {
  it('leaves English as staff typed it', () => {
    expect(scheduleWords('Monday to Friday')).toBe('Monday to Friday');
    expect(scheduleWords('9:00 AM')).toBe('9:00 AM');
  });

  it('takes weekday and time words from the Kiswahili catalogue', async () => {
    await inKiswahili();
    expect(scheduleWords('Saturday')).toBe('Jumamosi');
    expect(scheduleWords('9:00 AM')).toBe('09:00');
    expect(scheduleWords('6:30 PM')).toBe('18:30');
    expect(scheduleWords('12:00 PM')).toBe('12:00');
    expect(scheduleWords('Friday 6:00 PM')).toBe('Ijumaa 18:00');
    expect(scheduleWords('Monday to Friday')).toBe('Jumatatu hadi Ijumaa');
    expect(scheduleWords('9:00 AM to 5:00 PM')).toBe('09:00 hadi 17:00');
    expect(scheduleWords('Saturdays and Sundays')).toBe('Jumamosi na Jumapili');
  });

  it("keeps staff's own wording, which belongs in the item's Kiswahili field", async () => {
    await inKiswahili();
    expect(scheduleWords('First Sunday of the month, 2:00 PM')).toBe('First Sunday of the month, 2:00 PM');
    expect(scheduleWords('Contact for details')).toBe('Contact for details');
  });
});
