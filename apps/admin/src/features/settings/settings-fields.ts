import { churchYear } from '../../lib/church-time';
import { givingTypes } from '../../lib/giving';

/**
 * What the System Settings screen edits (back-office §2.16, §9 settings fields; spec README points
 * 16 and 17): its six tabs, their sections and one field per registry key
 * (migrations/0002_schema.sql and later `INSERT INTO public.system_settings`), with the input each
 * key needs and the ranges the server accepts. The keys' tab, visibility and secrecy are the
 * registry's; this file only decides how a person edits them.
 */

export type TabId = 'general' | 'services' | 'communication' | 'financial' | 'security' | 'notifications';

export interface Option {
  value: string;
  label: string;
}

/** A text, number or choice input: a setting of its own, or one part of an object or list setting. */
export type InputDef =
  | {
      kind: 'text';
      label: string;
      hint?: string;
      /** The input's type: e-mail, web, phone and backup addresses are checked as such. */
      input?: 'text' | 'email' | 'url' | 'tel' | 'backup';
      required?: boolean;
      autoComplete?: string;
      /** A web address may also be a path on this site (`/files/…`). */
      allowPath?: boolean;
      /** In a group: never required, and not what makes the group set (a translation). */
      optional?: boolean;
    }
  | {
      kind: 'number';
      label: string;
      hint?: string;
      min: number;
      max: number;
      /** Whole numbers unless set (e.g. 0.01 for a percentage). */
      step?: number;
      required?: boolean;
      /** Shown after the input: 'minutes', '%'. */
      unit?: string;
    }
  | {
      kind: 'choice';
      label: string;
      hint?: string;
      options: readonly Option[];
      required?: boolean;
      /** Stored as a JSON number (a month), not text. */
      numeric?: boolean;
    };

/** A setting whose value is an object: one input per property. */
export interface GroupDef {
  kind: 'group';
  label: string;
  hint?: string;
  parts: readonly (InputDef & { name: string })[];
  /** Every part empty means the setting is not set. */
  emptyMeansUnset?: boolean;
  /** Either every part is filled or none (a service time that is optional as a whole). */
  allOrNone?: boolean;
  /** Parts side by side on a wide screen (default 2). */
  columns?: number;
}

/** A setting whose value is a list of rows (office hours, weekly activities, …). */
export interface ListDef {
  kind: 'list';
  label: string;
  hint?: string;
  columns: readonly (InputDef & { name: string; kind: 'text' | 'choice' })[];
  /** What one row is called in buttons and labels: 'office hours entry'. */
  rowName: string;
  /** Rows cannot be added or removed; the `fixedColumn` names each row. */
  fixedColumn?: string;
}

export type FieldDef = { key: string } & (
  | InputDef
  | GroupDef
  | ListDef
  | { kind: 'switch'; label: string; hint?: string }
  | { kind: 'secret'; label: string; hint?: string; multiline?: boolean }
  | { kind: 'backup-status' }
);

export interface SectionDef {
  title: string;
  description?: string;
  fields: readonly FieldDef[];
}

export interface TabDef {
  id: TabId;
  label: string;
  sections: readonly SectionDef[];
}

export const weekdays: readonly Option[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
  (day) => ({ value: day, label: day }),
);

const months: readonly Option[] = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
].map((month, index) => ({ value: String(index + 1), label: month }));

/** The year the church was founded: not before the denomination's beginnings, not in the future. */
export const FOUNDED_MIN = 1800;

function serviceTime(key: string, label: string, optional = false): FieldDef {
  return {
    key,
    kind: 'group',
    label,
    ...(optional ? { hint: 'Leave name, day and time empty when there is none.' } : {}),
    emptyMeansUnset: optional,
    allOrNone: optional,
    columns: 4,
    parts: [
      { name: 'name', kind: 'text', label: 'Name', required: !optional },
      { name: 'day', kind: 'choice', label: 'Day', options: weekdays, required: !optional },
      { name: 'time', kind: 'text', label: 'Time', hint: 'e.g. 9:00 AM', required: !optional },
      // Day and time words are translated by the public site itself (issue 32).
      { name: 'name_sw', kind: 'text', label: 'Kiswahili name', hint: 'Optional; the English name when empty', optional: true },
    ],
  };
}

export const settingsTabs: readonly TabDef[] = [
  {
    id: 'general',
    label: 'General',
    sections: [
      {
        title: 'Church identity',
        fields: [
          { key: 'church_name', kind: 'text', label: 'Church name', required: true, autoComplete: 'organization' },
          { key: 'branch_name', kind: 'text', label: 'Branch name', hint: 'Shown with the church name' },
          { key: 'denomination', kind: 'text', label: 'Denomination' },
          { key: 'pastor_name', kind: 'text', label: 'Pastor name' },
          { key: 'established_year', kind: 'number', label: 'Established year', min: FOUNDED_MIN, max: churchYear() },
        ],
      },
      {
        title: 'Contacts',
        description: 'Shown on the public site, on receipts and on statements.',
        fields: [
          { key: 'church_address', kind: 'text', label: 'Address', autoComplete: 'street-address' },
          { key: 'postal_address', kind: 'text', label: 'Postal address' },
          { key: 'church_phone', kind: 'text', input: 'tel', label: 'Phone', autoComplete: 'tel' },
          { key: 'church_email', kind: 'text', input: 'email', label: 'Email', autoComplete: 'email' },
          { key: 'church_email_secondary', kind: 'text', input: 'email', label: 'Second email' },
          { key: 'website', kind: 'text', input: 'url', label: 'Website', autoComplete: 'url' },
          { key: 'maps_url', kind: 'text', input: 'url', label: 'Map link', hint: 'A link to the church on a maps service' },
        ],
      },
      {
        title: 'Social media',
        fields: [
          {
            key: 'social_links',
            kind: 'group',
            label: 'Social media',
            emptyMeansUnset: true,
            parts: [
              { name: 'youtube', kind: 'text', input: 'url', label: 'YouTube' },
              { name: 'facebook', kind: 'text', input: 'url', label: 'Facebook' },
              { name: 'x', kind: 'text', input: 'url', label: 'X (Twitter)' },
              { name: 'instagram', kind: 'text', input: 'url', label: 'Instagram' },
            ],
          },
        ],
      },
      {
        title: 'Office hours',
        fields: [
          {
            key: 'office_hours',
            kind: 'list',
            label: 'Office hours',
            rowName: 'office hours entry',
            columns: [
              { name: 'days', kind: 'text', label: 'Days', hint: 'e.g. Monday to Friday', required: true },
              { name: 'hours', kind: 'text', label: 'Hours', hint: 'e.g. 9:00 AM to 5:00 PM', required: true },
              { name: 'days_sw', kind: 'text', label: 'Kiswahili days', hint: 'Optional, e.g. Jumatatu hadi Ijumaa' },
              { name: 'hours_sw', kind: 'text', label: 'Kiswahili hours', hint: 'Optional, e.g. Saa 3:00 asubuhi hadi 11:00 jioni' },
            ],
          },
        ],
      },
      {
        title: 'About page',
        fields: [
          {
            key: 'about_statistics',
            kind: 'group',
            label: 'Church statistics',
            hint: 'Empty figures show the defaults.',
            emptyMeansUnset: true,
            columns: 3,
            parts: [
              { name: 'members', kind: 'number', label: 'Members', min: 0, max: 1_000_000 },
              { name: 'years', kind: 'number', label: 'Years of ministry', min: 0, max: 500 },
              { name: 'ministries', kind: 'number', label: 'Ministries', min: 0, max: 10_000 },
              { name: 'daughter_churches', kind: 'number', label: 'Daughter churches', min: 0, max: 10_000 },
              { name: 'founded_year', kind: 'number', label: 'Founded in', min: FOUNDED_MIN, max: churchYear() },
              { name: 'founding_members', kind: 'number', label: 'Founding members', min: 0, max: 1_000_000 },
            ],
          },
          {
            key: 'hero_images',
            kind: 'list',
            label: 'Home page images',
            hint: 'Without images of your own the site shows its built-in ones.',
            rowName: 'image',
            columns: [
              { name: 'src', kind: 'text', input: 'url', allowPath: true, label: 'Image address', required: true },
              { name: 'alt', kind: 'text', label: 'Description', hint: 'What the image shows, for people who cannot see it', required: true },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'services',
    label: 'Service Times',
    sections: [
      {
        title: 'Services',
        description: 'Shown on the public site’s home, events and contact pages.',
        fields: [
          serviceTime('sabbath_school_time', 'Sabbath School'),
          serviceTime('divine_service_time', 'Divine Service'),
          serviceTime('prayer_meeting_time', 'Prayer meeting'),
          serviceTime('youth_meeting_time', 'Youth meeting'),
          serviceTime('bible_study_time', 'Bible study', true),
          { key: 'service_duration_minutes', kind: 'number', label: 'Average service duration', min: 1, max: 720, unit: 'minutes', required: true },
        ],
      },
      {
        title: 'Weekly activities',
        fields: [
          {
            key: 'weekly_activities',
            kind: 'list',
            label: 'Weekly activities',
            hint: 'Shown on the Events page, grouped by day; a day with nothing is left out.',
            rowName: 'activity',
            columns: [
              { name: 'day', kind: 'choice', label: 'Day', options: weekdays, required: true },
              { name: 'time', kind: 'text', label: 'Time', required: true },
              { name: 'activity', kind: 'text', label: 'Activity', required: true },
              { name: 'location', kind: 'text', label: 'Location' },
              { name: 'activity_sw', kind: 'text', label: 'Kiswahili activity', hint: 'Optional' },
              { name: 'location_sw', kind: 'text', label: 'Kiswahili location', hint: 'Optional' },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'communication',
    label: 'Communication',
    sections: [
      {
        title: 'Email (SMTP)',
        description: 'Without a host and a from address, e-mail is simulated (demo mode).',
        fields: [
          { key: 'smtp_host', kind: 'text', label: 'SMTP host', autoComplete: 'off' },
          { key: 'smtp_port', kind: 'number', label: 'SMTP port', min: 1, max: 65_535, hint: '465 for TLS; any other port uses STARTTLS' },
          { key: 'smtp_username', kind: 'text', label: 'SMTP username', autoComplete: 'off' },
          { key: 'smtp_password', kind: 'secret', label: 'SMTP password' },
          { key: 'smtp_from_email', kind: 'text', input: 'email', label: 'From email' },
          { key: 'smtp_from_name', kind: 'text', label: 'From name' },
        ],
      },
      {
        title: 'Text messages (SMS)',
        description: 'Without a username and an API key, text messages are simulated (demo mode).',
        fields: [
          {
            key: 'sms_provider',
            kind: 'choice',
            label: 'SMS provider',
            options: [
              { value: 'africas_talking', label: 'Africa’s Talking' },
              { value: 'twilio', label: 'Twilio' },
              { value: 'other', label: 'Other' },
            ],
          },
          { key: 'sms_username', kind: 'text', label: 'SMS username', hint: 'Africa’s Talking username, or Twilio account SID', autoComplete: 'off' },
          { key: 'sms_api_key', kind: 'secret', label: 'SMS API key', hint: 'For Twilio, the auth token.' },
          { key: 'sms_sender_id', kind: 'text', label: 'SMS sender ID' },
          { key: 'sms_price_per_part', kind: 'number', label: 'SMS price per part', unit: 'KES', min: 0, max: 100, step: 0.01 },
          {
            key: 'sms_monthly_budget',
            kind: 'number',
            label: 'Monthly SMS budget',
            unit: 'KES',
            min: 0,
            max: 10_000_000,
            hint: 'Above it only a Super Admin can send text messages; 0 means no budget',
          },
          {
            key: 'broadcasts_per_hour',
            kind: 'number',
            label: 'Messages per staff member per hour',
            min: 0,
            max: 1000,
            hint: 'Send Message sends one staff member may make in an hour; 0 means no limit',
          },
        ],
      },
      {
        title: 'USSD menu',
        description: 'Feature phones dial the code to see service times and events, give by M-Pesa prompt, hear their giving this year and send a prayer request. Register the USSD callback with Africa’s Talking (README: USSD).',
        fields: [
          { key: 'ussd_enabled', kind: 'switch', label: 'Answer the USSD menu', hint: 'Off: callers are told politely that the menu is closed' },
          { key: 'ussd_service_code', kind: 'text', label: 'USSD code', hint: 'As registered with Africa’s Talking, e.g. *384*1234#', autoComplete: 'off' },
        ],
      },
      {
        title: 'Church mailboxes',
        description: 'Where the public site’s requests and messages are delivered, when no leader is named.',
        fields: [
          {
            key: 'request_mailboxes',
            kind: 'group',
            label: 'Church mailboxes',
            emptyMeansUnset: true,
            columns: 3,
            parts: [
              { name: 'pastor', kind: 'text', input: 'email', label: 'Pastor' },
              { name: 'secretary', kind: 'text', input: 'email', label: 'Church secretary' },
              { name: 'admin', kind: 'text', input: 'email', label: 'Administration' },
              { name: 'pastoral_care', kind: 'text', input: 'email', label: 'Pastoral care' },
              { name: 'visitation', kind: 'text', input: 'email', label: 'Visitation' },
              { name: 'events', kind: 'text', input: 'email', label: 'Events' },
              { name: 'facilities', kind: 'text', input: 'email', label: 'Facilities' },
              { name: 'maintenance', kind: 'text', input: 'email', label: 'Maintenance' },
              { name: 'default', kind: 'text', input: 'email', label: 'Everything else (church clerk)' },
            ],
          },
          {
            key: 'request_routing',
            kind: 'list',
            label: 'Who receives each kind of request',
            rowName: 'request kind',
            fixedColumn: 'category',
            columns: [
              { name: 'recipient', kind: 'text', label: 'Recipient', required: true },
              { name: 'role', kind: 'text', label: 'Role', required: true },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'financial',
    label: 'Financial',
    sections: [
      {
        title: 'Currency and giving',
        fields: [
          {
            key: 'currency',
            kind: 'choice',
            label: 'Currency',
            options: ['KES', 'USD', 'EUR', 'GBP'].map((code) => ({ value: code, label: code })),
          },
          { key: 'enable_online_giving', kind: 'switch', label: 'Enable online giving', hint: 'The giving page offers the mobile-money prompt' },
          { key: 'financial_year_start_month', kind: 'choice', label: 'Financial year starts in', options: months, numeric: true },
        ],
      },
      {
        title: 'Mobile money',
        description: 'Without a consumer key and secret, online giving runs in demo mode.',
        fields: [
          {
            key: 'payment_provider',
            kind: 'choice',
            label: 'Payment provider',
            options: [
              { value: 'equity_bank', label: 'Equity Bank (Jenga)' },
              { value: 'mpesa', label: 'M-Pesa (Daraja)' },
            ],
          },
          { key: 'mobile_money_shortcode', kind: 'text', label: 'Shortcode (paybill business number)', autoComplete: 'off' },
          { key: 'paybill_account_number', kind: 'text', label: 'Paybill account number', autoComplete: 'off' },
          { key: 'payment_account_number', kind: 'text', label: 'Equity Bank account number', hint: 'The account online gifts settle to (Jenga)', autoComplete: 'off' },
          { key: 'mobile_money_key', kind: 'secret', label: 'Consumer key' },
          { key: 'mobile_money_secret', kind: 'secret', label: 'Consumer secret' },
          { key: 'mobile_money_passkey', kind: 'secret', label: 'Passkey (M-Pesa)' },
          { key: 'mobile_money_private_key', kind: 'secret', label: 'Signing key (Equity Bank)', hint: 'The private key in PEM form.', multiline: true },
        ],
      },
      {
        title: 'Bank transfer details',
        description: 'Shown on the giving page.',
        fields: [
          {
            key: 'bank_details',
            kind: 'group',
            label: 'Bank account',
            emptyMeansUnset: true,
            parts: [
              { name: 'bank', kind: 'text', label: 'Bank' },
              { name: 'branch', kind: 'text', label: 'Branch' },
              { name: 'account_name', kind: 'text', label: 'Account name' },
              { name: 'account_number', kind: 'text', label: 'Account number' },
            ],
          },
        ],
      },
      {
        title: 'Remittance to the conference',
        description: 'The conference’s share of each giving type in the treasurer’s monthly remittance.',
        fields: [
          {
            key: 'remittance_shares',
            kind: 'group',
            label: 'Conference share',
            columns: 5,
            parts: givingTypes.map((type) => ({
              name: type.value,
              kind: 'number' as const,
              label: type.label,
              min: 0,
              max: 100,
              step: 0.01,
              unit: '%',
              required: true,
            })),
          },
        ],
      },
    ],
  },
  {
    id: 'security',
    label: 'Security',
    sections: [
      {
        title: 'Sign-in and sessions',
        // The ranges are the auth API's (crates/kanisa-auth/src/session.rs, Security::load).
        fields: [
          {
            key: 'session_timeout_minutes',
            kind: 'number',
            label: 'Session timeout',
            min: 5,
            max: 7 * 24 * 60,
            unit: 'minutes',
            required: true,
            hint: 'How long a sign-in lasts without activity',
          },
          { key: 'min_password_length', kind: 'number', label: 'Minimum password length', min: 6, max: 128, unit: 'characters', required: true },
          {
            key: 'require_2fa',
            kind: 'switch',
            label: 'Require two-factor authentication',
            hint: 'Kept for a later release: sign-in does not ask for a second factor yet.',
          },
          {
            key: 'max_login_attempts',
            kind: 'number',
            label: 'Max login attempts',
            min: 1,
            max: 100,
            required: true,
            hint: 'Failed sign-ins before the account is locked',
          },
          { key: 'lockout_duration_minutes', kind: 'number', label: 'Lockout duration', min: 1, max: 24 * 60, unit: 'minutes', required: true },
          { key: 'audit_logging', kind: 'switch', label: 'Audit logging', hint: 'Record staff activity in the activity log' },
        ],
      },
      {
        title: 'Member sign-in by phone',
        // The limits of sign-in codes by SMS (migration 0055, crates/kanisa-auth/src/phone.rs):
        // besides these, one code a minute per number, five minutes each, five wrong tries.
        fields: [
          { key: 'sign_in_codes_per_phone_per_hour', kind: 'number', label: 'Sign-in codes per phone per hour', min: 1, max: 60, required: true },
          { key: 'sign_in_codes_per_phone_per_day', kind: 'number', label: 'Sign-in codes per phone per day', min: 1, max: 200, required: true },
          { key: 'sign_in_codes_per_address_per_hour', kind: 'number', label: 'Sign-in codes per address per hour', min: 1, max: 1000, required: true, hint: 'One connection asking for codes to many numbers' },
          { key: 'sign_in_codes_per_address_per_day', kind: 'number', label: 'Sign-in codes per address per day', min: 1, max: 10000, required: true },
          { key: 'sign_in_codes_per_day', kind: 'number', label: 'Sign-in texts per day', min: 0, max: 100000, required: true, hint: 'For the whole church, against SMS fraud; 0 = no limit' },
          { key: 'sign_in_code_countries', kind: 'text', label: 'Countries codes go to', required: true, hint: 'Calling codes separated by commas: 254 is Kenya' },
        ],
      },
      {
        title: 'Backups',
        fields: [
          {
            key: 'backup_frequency',
            kind: 'choice',
            label: 'Backup frequency',
            options: [
              { value: 'daily', label: 'Daily' },
              { value: 'weekly', label: 'Weekly' },
              { value: 'monthly', label: 'Monthly' },
            ],
          },
          { key: 'backup_keep', kind: 'number', label: 'Backups kept', min: 1, max: 100, required: true, hint: 'Older backups are deleted' },
          {
            key: 'backup_keep_days',
            kind: 'number',
            label: 'Days of backups kept',
            min: 0,
            max: 3650,
            required: true,
            hint: 'Any moment of these last days stays restorable, even beyond the backups kept above; 0 keeps by count alone',
          },
          {
            key: 'backup_destination',
            kind: 'text',
            input: 'backup',
            label: 'Backup destination',
            hint: 'A folder on another disk (file:///mnt/usb/kanisa) or an S3 bucket (s3://church-backups/kanisa); empty keeps them beside the database on this server. A new destination gets a full backup at once. The server allows folders under /mnt, /media and /srv unless its operator allows others (KANISA_BACKUP_ROOTS); the encryption key and S3 credentials stay in the server’s settings.',
          },
          {
            key: 'backup_destination_changes_per_day',
            kind: 'number',
            label: 'Destination changes a day',
            min: 0,
            max: 100,
            required: true,
            hint: 'Each change takes a full backup at the new place; 0 means no limit',
          },
          {
            key: 'backup_drills_per_day',
            kind: 'number',
            label: 'Drills asked for a day',
            min: 0,
            max: 100,
            required: true,
            hint: 'Each drill restores the whole database into a scratch copy; 0 means no limit',
          },
          { key: 'backup_frequency', kind: 'backup-status' },
        ],
      },
      {
        title: 'Public form limits',
        description: 'Requests and messages accepted from the public site within the window; 0 means no limit.',
        fields: [
          { key: 'submission_limit_per_address', kind: 'number', label: 'Per connection', min: 0, max: 100_000, required: true },
          { key: 'submission_limit_per_email', kind: 'number', label: 'Per sender email', min: 0, max: 100_000, required: true },
          { key: 'submission_limit_window_minutes', kind: 'number', label: 'Window', min: 1, max: 24 * 60, unit: 'minutes', required: true },
          {
            key: 'acknowledgements_per_address_per_day',
            kind: 'number',
            label: 'Acknowledgements per address per day',
            min: 0,
            max: 1000,
            required: true,
            hint: 'Further submissions from that address are stored without one',
          },
        ],
      },
      {
        title: 'Public upload limits',
        description:
          'Files the public attaches to requests, counted per connection and for the whole site, per hour and per day; over a limit an upload is refused before it is stored. 0 means no limit.',
        fields: [
          { key: 'upload_files_per_address_per_hour', kind: 'number', label: 'Files per connection', min: 0, max: 100_000, unit: 'per hour', required: true },
          { key: 'upload_files_per_address_per_day', kind: 'number', label: 'Files per connection', min: 0, max: 100_000, unit: 'per day', required: true },
          { key: 'upload_mb_per_address_per_hour', kind: 'number', label: 'Megabytes per connection', min: 0, max: 1_000_000, unit: 'MB per hour', required: true },
          { key: 'upload_mb_per_address_per_day', kind: 'number', label: 'Megabytes per connection', min: 0, max: 1_000_000, unit: 'MB per day', required: true },
          { key: 'upload_files_per_hour', kind: 'number', label: 'Files in all', min: 0, max: 100_000, unit: 'per hour', required: true },
          { key: 'upload_files_per_day', kind: 'number', label: 'Files in all', min: 0, max: 100_000, unit: 'per day', required: true },
          {
            key: 'upload_mb_per_hour',
            kind: 'number',
            label: 'Megabytes in all',
            min: 0,
            max: 1_000_000,
            unit: 'MB per hour',
            required: true,
            hint: 'Uploads no request claims are removed after a day and never copied to the backups',
          },
          { key: 'upload_mb_per_day', kind: 'number', label: 'Megabytes in all', min: 0, max: 1_000_000, unit: 'MB per day', required: true },
        ],
      },
      {
        title: 'Online giving limits',
        description: 'Each payment prompt is a PIN request on a phone; 0 means no limit.',
        fields: [
          { key: 'payment_prompts_per_address', kind: 'number', label: 'Prompts per connection', min: 0, max: 10_000, unit: 'per hour', required: true },
          { key: 'payment_prompts_per_phone', kind: 'number', label: 'Prompts per phone number', min: 0, max: 100, unit: 'per 10 minutes', required: true },
        ],
      },
    ],
  },
  {
    id: 'notifications',
    label: 'Notifications',
    sections: [
      {
        title: 'Notifications',
        fields: [
          { key: 'email_notifications', kind: 'switch', label: 'Email notifications' },
          { key: 'sms_notifications', kind: 'switch', label: 'SMS notifications' },
          { key: 'birthday_notifications', kind: 'switch', label: 'Birthday wishes' },
          { key: 'event_notifications', kind: 'switch', label: 'Event announcements' },
          { key: 'payment_notifications', kind: 'switch', label: 'Payment confirmations', hint: 'A text and an e-mail to the donor for each online gift' },
          { key: 'attendance_follow_up', kind: 'switch', label: 'Attendance follow-up' },
          { key: 'event_reminder_hours', kind: 'number', label: 'Event reminder', min: 1, max: 24 * 14, unit: 'hours before', required: true },
        ],
      },
    ],
  },
];

/** Every editable field (backup status is a display, not a setting of its own). */
export type SettingDef = Exclude<FieldDef, { kind: 'backup-status' }>;

export const settingDefs: readonly SettingDef[] = settingsTabs.flatMap((tab) =>
  tab.sections.flatMap((section) => section.fields.filter((field): field is SettingDef => field.kind !== 'backup-status')),
);

/** The tab a key is edited on. */
export function tabOf(key: string): TabId | undefined {
  return settingsTabs.find((tab) => tab.sections.some((section) => section.fields.some((field) => field.key === key)))?.id;
}
