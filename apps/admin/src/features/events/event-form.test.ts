import { describe, expect, it } from 'vitest';
import {
  emptyEventForm,
  eventFromForm,
  eventTexts,
  eventToForm,
  formatEventTime,
  fromLocalInput,
  matchesTiming,
  toLocalInput,
  validateEvent,
} from './event-form';

const filled = { ...emptyEventForm, title: 'Youth Camp', start: '2026-12-05T10:00' };

describe('event form', () => {
  it('requires a title and a start date and time', () => {
    expect(validateEvent(emptyEventForm)).toEqual({ title: eventTexts.titleRequired, start: eventTexts.startRequired });
    expect(validateEvent({ ...filled, start: '2026-12-05' })).toEqual({ start: eventTexts.startRequired });
    expect(validateEvent(filled)).toEqual({});
  });

  it('checks max attendees (at least 1, whole) and cost (at least 0, two decimals)', () => {
    expect(validateEvent({ ...filled, max_attendees: '0' }).max_attendees).toBe(eventTexts.maxAttendees);
    expect(validateEvent({ ...filled, max_attendees: '2.5' }).max_attendees).toBe(eventTexts.maxAttendees);
    expect(validateEvent({ ...filled, max_attendees: '1' }).max_attendees).toBeUndefined();
    expect(validateEvent({ ...filled, cost: '-1' }).cost).toBe(eventTexts.cost);
    expect(validateEvent({ ...filled, cost: '10.555' }).cost).toBe(eventTexts.cost);
    expect(validateEvent({ ...filled, cost: '250.50' }).cost).toBeUndefined();
    expect(validateEvent({ ...filled, cost: '0' }).cost).toBeUndefined();
  });

  it('refuses an end before the start', () => {
    expect(validateEvent({ ...filled, end: '2026-12-05T09:00' }).end).toBe(eventTexts.endBeforeStart);
    expect(validateEvent({ ...filled, end: '2026-12-05T12:00' }).end).toBeUndefined();
  });

  it('stores empty max attendees as null, empty cost as 0, times in church time, as a draft', () => {
    expect(eventFromForm(filled)).toEqual({
      title: 'Youth Camp',
      description: null,
      title_sw: null,
      description_sw: null,
      start_date: '2026-12-05T10:00:00+03:00',
      end_date: null,
      location: null,
      location_sw: null,
      event_type: 'worship_service',
      max_attendees: null,
      cost: 0,
      requires_registration: false,
      is_published: false,
    });
    expect(eventFromForm({ ...filled, max_attendees: ' 40 ', cost: '150.5' })).toMatchObject({ max_attendees: 40, cost: 150.5 });
  });

  it('shows stored times in Nairobi time whatever the device zone', () => {
    expect(toLocalInput('2026-12-05T07:00:00+00:00')).toBe('2026-12-05T10:00');
    expect(fromLocalInput('2026-12-05T10:00')).toBe('2026-12-05T10:00:00+03:00');
    expect(formatEventTime('2026-12-05T07:00:00Z')).toMatch(/5 Dec 2026.*10:00/);
  });

  it('round-trips an event through the form', () => {
    const event = {
      id: 'e1',
      title: 'Health Expo',
      description: 'Free check-ups',
      start_date: '2026-12-05T07:00:00+00:00',
      end_date: '2026-12-05T13:00:00+00:00',
      location: 'Church grounds',
      location_sw: 'Viwanja vya kanisa',
      event_type: 'outreach' as const,
      max_attendees: 200,
      cost: 0,
      title_sw: 'Siku ya Uinjilisti',
      description_sw: null,
      requires_registration: true,
      is_published: true,
    };
    const { id, ...row } = event;
    expect(id).toBe('e1');
    expect(eventFromForm(eventToForm(event), true)).toEqual({
      ...row,
      start_date: '2026-12-05T10:00:00+03:00',
      end_date: '2026-12-05T16:00:00+03:00',
    });
  });
});

describe('event timing filter', () => {
  const now = new Date('2026-11-22T09:00:00Z');
  it('counts an event as upcoming until its end (or its start when it has no end)', () => {
    const running = { start_date: '2026-11-22T06:00:00Z', end_date: '2026-11-22T12:00:00Z' };
    const finished = { start_date: '2026-11-21T06:00:00Z', end_date: null };
    const ahead = { start_date: '2026-12-01T06:00:00Z', end_date: null };
    expect([running, finished, ahead].map((e) => matchesTiming(e, 'upcoming', now))).toEqual([true, false, true]);
    expect([running, finished, ahead].map((e) => matchesTiming(e, 'past', now))).toEqual([false, true, false]);
    expect([running, finished, ahead].every((e) => matchesTiming(e, 'all', now))).toBe(true);
  });
});
