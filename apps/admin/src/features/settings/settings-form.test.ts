import type { Json } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import { settingDefs, tabOf } from './settings-fields';
import {
  SECRET_MARKER,
  UNSET,
  changedKeys,
  checkInput,
  checkSettings,
  isBackupAddress,
  mergeRows,
  secretStatus,
  toChanges,
  toFormValues,
  type FormValues,
  type SettingRow,
} from './settings-form';

const row = (key: string, value: Json, is_secret = false): SettingRow => ({ key, value, is_secret });

/** Rows as a Super Admin reads them from a demo server (a subset of the registry). */
function registry(): SettingRow[] {
  return [
    row('church_name', 'Mount Zion SDA Church'),
    row('branch_name', null),
    row('church_email', 'info@example.org'),
    row('website', 'https://www.example.org'),
    row('established_year', 1980),
    row('session_timeout_minutes', 60),
    row('min_password_length', '8'),
    row('max_login_attempts', 5),
    row('financial_year_start_month', 1),
    row('sms_provider', 'africas_talking'),
    row('currency', 'KES'),
    row('enable_online_giving', true),
    row('require_2fa', false),
    row('smtp_password', SECRET_MARKER, true),
    row('sms_api_key', null, true),
    row('mobile_money_passkey', SECRET_MARKER, true),
    row('social_links', { youtube: 'https://www.youtube.com/@example', facebook: null, x: null, instagram: null, tiktok: 'kept' }),
    row('bank_details', null),
    row('remittance_shares', { tithe: 100, offering: 40, missions: 100, special_project: 0, building_fund: 0 }),
    row('office_hours', [
      { days: 'Monday to Friday', hours: '9:00 AM to 5:00 PM' },
      { days: 'Saturday', hours: '8:00 AM to 2:00 PM' },
    ]),
    row('weekly_activities', [
      {
        day: 'Saturday',
        activities: [
          { time: '9:00 AM', activity: 'Sabbath School', location: 'Main Sanctuary', activity_sw: 'Shule ya Sabato', location_sw: 'Ukumbi Mkuu' },
          { time: '3:00 PM', activity: 'AY', location: null },
        ],
      },
      { day: 'Wednesday', activities: [{ time: '6:00 PM', activity: 'Prayer Meeting', location: 'Main Sanctuary' }] },
    ]),
    row('request_routing', [
      { category: 'prayer', recipient: 'Prayer Ministry Team', role: 'Prayer Coordinator', note: 'kept' },
      { category: 'general', recipient: 'Church Leadership', role: 'Administrative Team' },
    ]),
    row('bible_study_time', null),
    row('sabbath_school_time', { name: 'Sabbath School', name_sw: 'Shule ya Sabato', day: 'Saturday', time: '9:00 AM' }),
  ];
}

function edit(values: FormValues, key: string, value: FormValues[string]): FormValues {
  return { ...values, [key]: value };
}

describe('settings rows → form values', () => {
  const values = toFormValues(registry());

  it('shows text, numbers (stored as numbers or numeric text), choices and switches as inputs hold them', () => {
    expect(values.church_name).toBe('Mount Zion SDA Church');
    expect(values.branch_name).toBe('');
    expect(values.established_year).toBe('1980');
    expect(values.session_timeout_minutes).toBe('60');
    expect(values.min_password_length).toBe('8');
    expect(values.financial_year_start_month).toBe('1');
    expect(values.sms_provider).toBe('africas_talking');
    expect(values.enable_online_giving).toBe(true);
    expect(values.require_2fa).toBe(false);
  });

  it('never puts a secret (or its marker) in an input', () => {
    expect(values.smtp_password).toEqual({ replacement: '', clear: false });
    expect(values.sms_api_key).toEqual({ replacement: '', clear: false });
    expect(JSON.stringify(values)).not.toContain(SECRET_MARKER);
    expect(secretStatus(SECRET_MARKER)).toBe('set');
    expect(secretStatus(null)).toBe('not_set');
  });

  it('spreads object settings over their parts and list settings over rows', () => {
    expect(values.social_links).toEqual({ youtube: 'https://www.youtube.com/@example', facebook: '', x: '', instagram: '' });
    expect(values.bank_details).toEqual({ bank: '', branch: '', account_name: '', account_number: '' });
    expect(values.remittance_shares).toEqual({ tithe: '100', offering: '40', special_project: '0', building_fund: '0', missions: '100' });
    expect(values.office_hours).toEqual([
      { days: 'Monday to Friday', hours: '9:00 AM to 5:00 PM', days_sw: '', hours_sw: '' },
      { days: 'Saturday', hours: '8:00 AM to 2:00 PM', days_sw: '', hours_sw: '' },
    ]);
    expect(values.weekly_activities).toEqual([
      { day: 'Saturday', time: '9:00 AM', activity: 'Sabbath School', location: 'Main Sanctuary', activity_sw: 'Shule ya Sabato', location_sw: 'Ukumbi Mkuu' },
      { day: 'Saturday', time: '3:00 PM', activity: 'AY', location: '', activity_sw: '', location_sw: '' },
      { day: 'Wednesday', time: '6:00 PM', activity: 'Prayer Meeting', location: 'Main Sanctuary', activity_sw: '', location_sw: '' },
    ]);
    expect(values.sabbath_school_time).toEqual({ name: 'Sabbath School', name_sw: 'Shule ya Sabato', day: 'Saturday', time: '9:00 AM' });
    expect(values.request_routing).toEqual([
      { category: 'prayer', recipient: 'Prayer Ministry Team', role: 'Prayer Coordinator' },
      { category: 'general', recipient: 'Church Leadership', role: 'Administrative Team' },
    ]);
  });

  it('offers only the keys the server has', () => {
    expect(values).not.toHaveProperty('smtp_host');
    expect(Object.keys(values)).toHaveLength(registry().length);
  });
});

describe('form values → the rows one save sends', () => {
  const rows = registry();
  const initial = toFormValues(rows);

  it('sends nothing when nothing changed', () => {
    expect(changedKeys(initial, initial)).toEqual([]);
    expect(toChanges(rows, initial, initial, 'u1')).toEqual([]);
  });

  it('sends only the changed keys, stamped with the user, numbers as numbers', () => {
    let values = edit(initial, 'church_name', '  Mount Zion Church ');
    values = edit(values, 'session_timeout_minutes', '45');
    values = edit(values, 'financial_year_start_month', '7');
    values = edit(values, 'enable_online_giving', false);
    values = edit(values, 'branch_name', '');
    expect(toChanges(rows, initial, values, 'u1')).toEqual([
      { key: 'church_name', value: 'Mount Zion Church', updated_by: 'u1' },
      { key: 'enable_online_giving', value: false, updated_by: 'u1' },
      { key: 'financial_year_start_month', value: 7, updated_by: 'u1' },
      { key: 'session_timeout_minutes', value: 45, updated_by: 'u1' },
    ]);
  });

  it('an emptied value is saved as “not set”', () => {
    const values = edit(edit(initial, 'website', ' '), 'established_year', '');
    expect(toChanges(rows, initial, values, 'u1').map((c) => [c.key, c.value])).toEqual([
      ['established_year', UNSET],
      ['website', UNSET],
    ]);
  });

  it('a secret is sent only when typed (replacing it) or cleared — never its marker or an untouched empty value', () => {
    const typed = edit(initial, 'smtp_password', { replacement: 'n3w pass', clear: false });
    expect(toChanges(rows, initial, typed, 'u1')).toEqual([{ key: 'smtp_password', value: 'n3w pass', updated_by: 'u1' }]);

    const cleared = edit(initial, 'mobile_money_passkey', { replacement: '', clear: true });
    expect(toChanges(rows, initial, cleared, 'u1')).toEqual([{ key: 'mobile_money_passkey', value: UNSET, updated_by: 'u1' }]);

    const retyped = edit(initial, 'smtp_password', { replacement: 'x', clear: false });
    const backToEmpty = edit(retyped, 'smtp_password', { replacement: '', clear: false });
    expect(toChanges(rows, initial, backToEmpty, 'u1')).toEqual([]);

    const sent = JSON.stringify(toChanges(rows, initial, edit(initial, 'church_name', 'X'), 'u1'));
    expect(sent).not.toContain(SECRET_MARKER);
  });

  it('refuses the marker typed as a new secret', () => {
    const values = edit(initial, 'smtp_password', { replacement: SECRET_MARKER, clear: false });
    expect(checkSettings(rows, initial, values)).toEqual({ smtp_password: 'Type the new value itself, not asterisks' });
  });

  it('object settings keep the properties the screen does not edit; all empty means not set', () => {
    const social = edit(initial, 'social_links', { youtube: '', facebook: 'https://facebook.com/church', x: '', instagram: '' });
    expect(toChanges(rows, initial, social, 'u1')[0]?.value).toEqual({
      youtube: null,
      facebook: 'https://facebook.com/church',
      x: null,
      instagram: null,
      tiktok: 'kept',
    });
    const none = edit(initial, 'social_links', { youtube: '', facebook: '', x: '', instagram: '' });
    expect(toChanges(rows, initial, none, 'u1')[0]?.value).toBe(UNSET);

    const bank = edit(initial, 'bank_details', { bank: 'Equity Bank', branch: 'Nakuru', account_name: 'Church', account_number: '0123' });
    expect(toChanges(rows, initial, bank, 'u1')[0]?.value).toEqual({ bank: 'Equity Bank', branch: 'Nakuru', account_name: 'Church', account_number: '0123' });
  });

  it('remittance shares are five percentages from 0 to 100', () => {
    const shares = { tithe: '100', offering: '42.5', special_project: '0', building_fund: '10', missions: '100' };
    const values = edit(initial, 'remittance_shares', shares);
    expect(checkSettings(rows, initial, values)).toEqual({});
    expect(toChanges(rows, initial, values, 'u1')[0]?.value).toEqual({ tithe: 100, offering: 42.5, special_project: 0, building_fund: 10, missions: 100 });

    const wrong = edit(initial, 'remittance_shares', { ...shares, offering: '101', missions: '', tithe: '1.234' });
    expect(checkSettings(rows, initial, wrong)).toEqual({
      'remittance_shares.offering': 'Enter a number from 0 to 100',
      'remittance_shares.missions': 'Missions is required',
      'remittance_shares.tithe': 'Use at most 2 decimal places',
    });
  });

  it('lists drop wholly empty rows; an empty list means not set', () => {
    const hours = edit(initial, 'office_hours', [
      { days: 'Sunday', hours: '10:00 AM to 1:00 PM' },
      { days: '', hours: '' },
    ]);
    expect(toChanges(rows, initial, hours, 'u1')[0]?.value).toEqual([{ days: 'Sunday', hours: '10:00 AM to 1:00 PM', days_sw: null, hours_sw: null }]);
    // The Kiswahili wording, when given, is kept beside the English (issue 32).
    const both = edit(initial, 'office_hours', [{ days: 'Sunday', hours: '10:00 AM', days_sw: 'Jumapili', hours_sw: '' }]);
    expect(toChanges(rows, initial, both, 'u1')[0]?.value).toEqual([{ days: 'Sunday', hours: '10:00 AM', days_sw: 'Jumapili', hours_sw: null }]);
    expect(toChanges(rows, initial, edit(initial, 'office_hours', []), 'u1')[0]?.value).toBe(UNSET);
  });

  it('weekly activities are saved grouped by day, in the order the days first appear', () => {
    const values = edit(initial, 'weekly_activities', [
      { day: 'Friday', time: '6:00 PM', activity: 'Vespers', location: '' },
      { day: 'Saturday', time: '9:00 AM', activity: 'Sabbath School', location: 'Main Sanctuary' },
      { day: 'Friday', time: '7:30 PM', activity: 'Choir', location: 'Hall' },
    ]);
    const none = { activity_sw: null, location_sw: null };
    expect(toChanges(rows, initial, values, 'u1')[0]?.value).toEqual([
      { day: 'Friday', activities: [{ time: '6:00 PM', activity: 'Vespers', location: null, ...none }, { time: '7:30 PM', activity: 'Choir', location: 'Hall', ...none }] },
      { day: 'Saturday', activities: [{ time: '9:00 AM', activity: 'Sabbath School', location: 'Main Sanctuary', ...none }] },
    ]);
  });

  it('weekly activities keep their Kiswahili beside the English', () => {
    const values = edit(initial, 'weekly_activities', [
      { day: 'Friday', time: '6:00 PM', activity: 'Vespers', location: 'Youth Hall', activity_sw: ' Ibada ya Jioni ', location_sw: 'Ukumbi wa Vijana' },
    ]);
    expect(toChanges(rows, initial, values, 'u1')[0]?.value).toEqual([
      {
        day: 'Friday',
        activities: [{ time: '6:00 PM', activity: 'Vespers', location: 'Youth Hall', activity_sw: 'Ibada ya Jioni', location_sw: 'Ukumbi wa Vijana' }],
      },
    ]);
  });

  it('request routing keeps each kind and its other properties', () => {
    const values = edit(initial, 'request_routing', [
      { category: 'prayer', recipient: 'Prayer Team', role: 'Prayer Coordinator' },
      { category: 'general', recipient: 'Church Leadership', role: 'Administrative Team' },
    ]);
    expect(toChanges(rows, initial, values, 'u1')[0]?.value).toEqual([
      { category: 'prayer', recipient: 'Prayer Team', role: 'Prayer Coordinator', note: 'kept' },
      { category: 'general', recipient: 'Church Leadership', role: 'Administrative Team' },
    ]);
  });

  it('the rows after a save replace those of their keys', () => {
    const saved = [row('smtp_password', SECRET_MARKER, true), row('church_name', 'New')];
    const merged = mergeRows(rows, saved);
    expect(merged.find((r) => r.key === 'church_name')?.value).toBe('New');
    expect(merged).toHaveLength(rows.length);
  });
});

describe('checking the form', () => {
  const rows = registry();
  const initial = toFormValues(rows);

  it('the church name is always required (§5)', () => {
    const unnamed = [row('church_name', null), ...rows.filter((r) => r.key !== 'church_name')];
    const values = toFormValues(unnamed);
    expect(checkSettings(unnamed, values, values)).toEqual({ church_name: 'Church name is required' });
  });

  it('numbers must be whole and within the range the server accepts', () => {
    const check = (key: string, text: string) => checkSettings(rows, initial, edit(initial, key, text))[key];
    expect(check('session_timeout_minutes', '4')).toBe('Enter a number from 5 to 10080');
    expect(check('session_timeout_minutes', '10081')).toBe('Enter a number from 5 to 10080');
    expect(check('session_timeout_minutes', '5')).toBeUndefined();
    expect(check('min_password_length', '5')).toBe('Enter a number from 6 to 128');
    expect(check('min_password_length', '8.5')).toBe('Enter a whole number');
    expect(check('max_login_attempts', '')).toBe('Max login attempts is required');
    expect(check('max_login_attempts', 'ten')).toBe('Enter a number');
    expect(check('max_login_attempts', '100')).toBeUndefined();
    expect(check('established_year', '')).toBeUndefined();
  });

  it('checks e-mail and web addresses', () => {
    expect(checkSettings(rows, initial, edit(initial, 'church_email', 'info@'))).toEqual({ church_email: 'Enter a valid email address' });
    expect(checkSettings(rows, initial, edit(initial, 'website', 'www.example.org'))).toEqual({
      website: 'Enter a full web address starting with https://',
    });
  });

  it('takes a backup destination as the server does: a folder as file:///path or a bucket as s3://', () => {
    const def = settingDefs.find((d) => d.key === 'backup_destination');
    if (def?.kind !== 'text') throw new Error('the backup destination is a text field');
    const message = 'Enter a folder as file:///path or a bucket as s3://bucket/prefix';
    expect(checkInput(def, 'file:///mnt/usb/kanisa')).toBeUndefined();
    expect(checkInput(def, 's3://church-backups/kanisa')).toBeUndefined();
    expect(checkInput(def, ' s3://church-backups ')).toBeUndefined();
    expect(checkInput(def, '')).toBeUndefined();
    for (const bad of ['/mnt/usb', 'https://example.org/x', 's3://B/x', 'file://relative', 's3:///x', 'file:///a b']) {
      expect(checkInput(def, bad), bad).toBe(message);
    }
    expect(isBackupAddress(`s3://b1/${'x'.repeat(600)}`)).toBe(false);
  });

  it('an optional service time is all or nothing', () => {
    const partial = edit(initial, 'bible_study_time', { name: 'Bible Study', day: '', time: '' });
    expect(checkSettings(rows, initial, partial)).toEqual({
      'bible_study_time.day': 'Day is required',
      'bible_study_time.time': 'Time is required',
    });
    const full = edit(initial, 'bible_study_time', { name: 'Bible Study', day: 'Tuesday', time: '7:00 PM', name_sw: '' });
    expect(checkSettings(rows, initial, full)).toEqual({});
    expect(toChanges(rows, initial, full, 'u1')[0]?.value).toEqual({ name: 'Bible Study', day: 'Tuesday', time: '7:00 PM', name_sw: null });
    // The Kiswahili name is optional, and alone it does not make the service set.
    const onlyKiswahili = edit(initial, 'bible_study_time', { name: '', day: '', time: '', name_sw: 'Funzo la Biblia' });
    expect(checkSettings(rows, initial, onlyKiswahili)).toEqual({});
    expect(toChanges(rows, initial, onlyKiswahili, 'u1')[0]?.value).toBe(UNSET);
  });

  it("a service time's Kiswahili name is saved beside the English one", () => {
    const values = edit(initial, 'sabbath_school_time', { name: 'Sabbath School', name_sw: 'Shule ya Sabato ', day: 'Saturday', time: '9:30 AM' });
    expect(toChanges(rows, initial, values, 'u1')[0]?.value).toEqual({ name: 'Sabbath School', name_sw: 'Shule ya Sabato', day: 'Saturday', time: '9:30 AM' });
  });

  it('a value left as it was is not checked (a stored oddity does not block other changes)', () => {
    const odd = [row('website', 'www.example.org'), ...rows.filter((r) => r.key !== 'website')];
    const values = toFormValues(odd);
    expect(checkSettings(odd, values, edit(values, 'branch_name', 'Town'))).toEqual({});
  });

  it('home page images are web addresses or paths on this site, each described', () => {
    const images = [row('hero_images', null), ...rows];
    const values = toFormValues(images);
    const edited = edit(values, 'hero_images', [
      { src: '/storage/v1/object/public/church-files/public/hero.webp', alt: 'The church at dawn' },
      { src: 'https://cdn.example.org/choir.jpg', alt: '' },
      { src: 'choir.jpg', alt: 'The choir' },
    ]);
    expect(checkSettings(images, values, edited)).toEqual({
      'hero_images.1.alt': 'Description is required',
      'hero_images.2.src': 'Enter a web address starting with https:// (or a path on this site starting with /)',
    });
    const fine = edit(values, 'hero_images', [{ src: '/storage/v1/object/public/church-files/public/hero.webp', alt: 'The church at dawn' }]);
    expect(toChanges(images, values, fine, 'u1')[0]?.value).toEqual([
      { src: '/storage/v1/object/public/church-files/public/hero.webp', alt: 'The church at dawn' },
    ]);
  });

  it('list rows name their row and column', () => {
    const values = edit(initial, 'office_hours', [{ days: 'Sunday', hours: '' }]);
    expect(checkSettings(rows, initial, values)).toEqual({ 'office_hours.0.hours': 'Hours is required' });
  });
});

describe('the settings registry on screen', () => {
  it('edits every key once, on the tab of its registry category', () => {
    const keys = settingDefs.map((def) => def.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(tabOf('church_name')).toBe('general');
    expect(tabOf('sabbath_school_time')).toBe('services');
    expect(tabOf('smtp_password')).toBe('communication');
    expect(tabOf('remittance_shares')).toBe('financial');
    expect(tabOf('backup_frequency')).toBe('security');
    expect(tabOf('event_reminder_hours')).toBe('notifications');
  });

  it('the secret keys of the registry are secret fields', () => {
    const secrets = settingDefs.filter((def) => def.kind === 'secret').map((def) => def.key).sort();
    expect(secrets).toEqual([
      'mobile_money_key',
      'mobile_money_passkey',
      'mobile_money_private_key',
      'mobile_money_secret',
      'sms_api_key',
      'smtp_password',
    ]);
  });
});
