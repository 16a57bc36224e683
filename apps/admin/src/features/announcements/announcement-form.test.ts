import { describe, expect, it } from 'vitest';
import {
  announcementFromForm,
  announcementWindow,
  churchToday,
  announcementTexts,
  announcementToForm,
  emptyAnnouncementForm,
  validateAnnouncement,
} from './announcement-form';

const filled = { ...emptyAnnouncementForm, title: 'Church Board Meeting', content: 'All board members', start_date: '2026-11-29' };

describe('announcement form', () => {
  it('starts with the spec defaults: 08:30 to 17:00, normal priority, everyone', () => {
    expect(emptyAnnouncementForm).toMatchObject({ start_time: '08:30', end_time: '17:00', priority: 'normal', target_audience: 'all' });
  });

  it('requires title, content and start date', () => {
    expect(validateAnnouncement(emptyAnnouncementForm)).toEqual({
      title: announcementTexts.titleRequired,
      content: announcementTexts.contentRequired,
      start_date: announcementTexts.startRequired,
    });
    expect(validateAnnouncement({ ...filled, content: '  ' })).toEqual({ content: announcementTexts.contentRequired });
    expect(validateAnnouncement(filled)).toEqual({});
  });

  it('refuses a window that ends before it starts', () => {
    expect(validateAnnouncement({ ...filled, end_date: '2026-11-28' })).toEqual({ end_date: announcementTexts.endBeforeStart });
    expect(validateAnnouncement({ ...filled, end_date: '2026-11-29', end_time: '08:00' })).toEqual({
      end_time: announcementTexts.endTimeBeforeStart,
    });
    expect(validateAnnouncement({ ...filled, end_date: '2026-11-30', end_time: '08:00' })).toEqual({});
  });

  it('writes a draft with an empty end date as null', () => {
    expect(announcementFromForm(filled)).toEqual({
      title: 'Church Board Meeting',
      content: 'All board members',
      title_sw: null,
      content_sw: null,
      priority: 'normal',
      target_audience: 'all',
      start_date: '2026-11-29',
      start_time: '08:30',
      end_date: null,
      end_time: '17:00',
      is_published: false,
    });
  });

  it('reads stored times (HH:MM:SS) into the form', () => {
    const form = announcementToForm({
      id: 'a1',
      title: 'Harvest',
      content: 'Bring your harvest',
      title_sw: 'Mavuno',
      content_sw: null,
      priority: 'high',
      target_audience: 'members',
      start_date: '2026-12-01',
      start_time: '09:00:00',
      end_date: '2026-12-06',
      end_time: '13:30:00',
      is_published: true,
      created_at: '2026-11-20T10:00:00Z',
    });
    expect(form).toMatchObject({ start_time: '09:00', end_time: '13:30', end_date: '2026-12-06', priority: 'high' });
    expect(form).toMatchObject({ title_sw: 'Mavuno', content_sw: '' });
  });

  it('stores a blank Kiswahili field as not translated (null), a filled one trimmed', () => {
    const row = announcementFromForm({ ...emptyAnnouncementForm, title: 'T', content: 'C', start_date: '2026-12-01', title_sw: '  Mavuno ', content_sw: '   ' });
    expect(row).toMatchObject({ title_sw: 'Mavuno', content_sw: null });
  });
});

describe('announcement window', () => {
  it('is scheduled before the start date, showing through the end date, ended after it', () => {
    const window = { start_date: '2026-11-20', end_date: '2026-11-29' };
    expect(announcementWindow(window, '2026-11-19')).toBe('scheduled');
    expect(announcementWindow(window, '2026-11-20')).toBe('showing');
    expect(announcementWindow(window, '2026-11-29')).toBe('showing');
    expect(announcementWindow(window, '2026-11-30')).toBe('ended');
    expect(announcementWindow({ start_date: '2026-11-20', end_date: null }, '2030-01-01')).toBe('showing');
  });

  it('counts days in Nairobi time', () => {
    expect(churchToday(new Date('2026-11-22T21:30:00Z'))).toBe('2026-11-23');
    expect(churchToday(new Date('2026-11-22T20:59:00Z'))).toBe('2026-11-22');
  });
});
