import { beforeEach, describe, expect, it } from 'vitest';
import { activate } from '../i18n';
import { inKiswahili } from '../test/kiswahili';
import { clockLabel, durationLabel, eventTimeLabel, fullDateLabel, relativeDateLabel, timeOfDayLabel } from './relative-date';

// Sunday 22 November 2026, 10:00 in Nairobi.
const now = new Date('2026-11-22T10:00:00+03:00');

beforeEach(async () => {
  await inKiswahili();
});


describe('relative dates in Kiswahili', () => {
  it('says Leo, Kesho, "{weekday} hii", "{weekday} ijayo", the full sw-KE date and Itatangazwa', () => {
    expect(relativeDateLabel('2026-11-22T23:30:00+03:00', now)).toBe('Leo');
    expect(relativeDateLabel(new Date('2026-11-22T22:30:00Z'), now)).toBe('Kesho');
    expect(relativeDateLabel('2026-11-28T09:00:00+03:00', now)).toBe('Jumamosi hii');
    expect(relativeDateLabel('2026-11-24T09:00:00+03:00', now)).toBe('Jumanne hii');
    expect(relativeDateLabel('2026-11-30T09:00:00+03:00', now)).toBe('Jumatatu ijayo');
    expect(relativeDateLabel('2026-12-06T08:00:00+03:00', now)).toBe('Jumapili ijayo');
    expect(relativeDateLabel('2026-12-07T08:00:00+03:00', now)).toBe('Jumatatu, 7 Desemba 2026');
    expect(relativeDateLabel(null, now)).toBe('Itatangazwa');
    expect(fullDateLabel('2026-12-05T12:00:00+03:00')).toBe('Jumamosi, 5 Desemba 2026');
    expect(fullDateLabel(undefined)).toBe('Itatangazwa');
  });

  it('shows times on the 24-hour clock and says Siku nzima for all-day events', () => {
    expect(clockLabel(new Date('2026-11-28T06:00:00Z'))).toBe('09:00');
    expect(clockLabel(new Date('2026-11-28T00:15:00+03:00'))).toBe('00:15');
    expect(clockLabel(new Date('2026-11-28T18:30:00+03:00'))).toBe('18:30');
    expect(eventTimeLabel('2026-11-28T09:00:00+03:00', '2026-11-28T13:00:00+03:00')).toBe('09:00 - 13:00');
    expect(eventTimeLabel('2026-11-28T09:00:00+03:00', '2026-11-28T09:00:00+03:00')).toBe('09:00');
    expect(eventTimeLabel('2026-11-28T09:00:00+03:00', null)).toBe('Siku nzima');
    expect(timeOfDayLabel('08:30:00')).toBe('08:30');
    expect(timeOfDayLabel('17:00')).toBe('17:00');
    expect(timeOfDayLabel('00:05')).toBe('00:05');
  });

  it('says durations in Kiswahili', () => {
    expect(durationLabel(240)).toBe('Saa 4');
    expect(durationLabel(90)).toBe('Saa 1 na dakika 30');
    expect(durationLabel(45)).toBe('Dakika 45');
  });

  it('goes back to English when English is active again', () => {
    activate('en');
    expect(relativeDateLabel('2026-11-28T09:00:00+03:00', now)).toBe('This Saturday');
    expect(timeOfDayLabel('08:30:00')).toBe('8:30 AM');
    expect(timeOfDayLabel('12:00')).toBe('12:00 PM');
  });
});
