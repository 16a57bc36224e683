import type { Json } from '@kanisa/client';
import { isEmailAddress, isWebAddress } from '../../components/ui/form-values';
import { settingDefs, type GroupDef, type InputDef, type ListDef, type SettingDef } from './settings-fields';

/**
 * The System Settings form as plain data: the settings' rows (key → JSON value) become what the
 * inputs hold, and the inputs become the rows a save sends — only the keys that changed, each
 * `{key, value, updated_by}` for one upsert on key (back-office §7.6).
 *
 * Secrets (is_secret: SMTP password, SMS key, payment keys) never reach the browser: their row
 * holds JSON null (not configured) or the marker "********" (configured). Their input starts
 * empty; a typed value replaces the secret, Clear removes it, and an untouched secret is never
 * sent (neither the marker nor an empty string).
 */

/** §8 texts. */
export const settingsTexts = {
  saved: 'Settings saved successfully!',
  saveFailed: 'Error saving settings. Please try again.',
  fixErrors: 'Please correct the highlighted fields.',
  loadFailed: 'Could not load the settings.',
  backupUnavailable: 'Backup status unavailable',
  drillQueued: 'A drill is on its way: the latest backup is restored into a scratch copy and compared with the live database. The result shows here within a few minutes.',
  drillAlreadyWaiting: 'A drill is already on its way; its result shows here when it ends.',
  drillFailed: 'Could not ask for a drill. Please try again.',
} as const;

/** What a secret's row shows when one is stored (migration 0006, kanisa.divert_secret_setting). */
export const SECRET_MARKER = '********';

/**
 * The value a save writes for "not set". The registry's own "not set" is JSON null, but the table
 * API turns a JSON null into SQL NULL, which the NOT NULL value column refuses (23502); an empty
 * string is "not set" to every reader (the server's `nullif(btrim(value #>> '{}'), '')`,
 * kanisa.setting_is_set, the public site), and for a secret the trigger deletes the stored value
 * and leaves JSON null.
 */
export const UNSET = '';

export interface SettingRow {
  key: string;
  value: Json;
  is_secret: boolean;
}

/** A secret's input: a replacement typed (empty = keep), or a request to remove it. */
export interface SecretInput {
  replacement: string;
  clear: boolean;
}

export type RowValues = Record<string, string>;
export type FormValue = string | boolean | SecretInput | RowValues | RowValues[];
export type FormValues = Record<string, FormValue>;
/** Messages by path: `key`, `key.part` (object settings) or `key.index.column` (lists). */
export type FieldErrors = Record<string, string>;

export interface SettingChange {
  key: string;
  value: Json;
  updated_by: string;
}

type JsonObject = Record<string, Json | undefined>;

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A setting is edited as a secret when the registry says so, whatever the screen expected. */
export function isSecretField(def: SettingDef, row: SettingRow | undefined): boolean {
  return def.kind === 'secret' || row?.is_secret === true;
}

/** 'set' when the server holds a value for the secret, 'not_set' when it does not. */
export function secretStatus(value: Json | undefined): 'set' | 'not_set' {
  return value === SECRET_MARKER ? 'set' : 'not_set';
}

// ---- one input ----------------------------------------------------------------------------------

/** What an input shows for a stored value. */
export function readInput(def: InputDef, value: Json | undefined): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return '';
  return def.kind === 'number' ? value.trim() : value;
}

/** What an input's text stores; `empty` when nothing was typed. */
export function writeInput(def: InputDef, text: string, empty: Json): Json {
  const trimmed = text.trim();
  if (trimmed === '') return empty;
  if (def.kind === 'number' || (def.kind === 'choice' && def.numeric)) return Number(trimmed);
  return trimmed;
}

const decimals = (text: string) => /\.(\d+)$/.exec(text)?.[1]?.length ?? 0;

/** A message for an input whose text cannot be stored, or undefined. */
export function checkInput(def: InputDef, text: string, required = false): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return required || ('required' in def && def.required) ? `${def.label} is required` : undefined;
  if (def.kind === 'number') {
    if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return 'Enter a number';
    const step = def.step ?? 1;
    if (step === 1 && decimals(trimmed) > 0) return 'Enter a whole number';
    if (step < 1 && decimals(trimmed) > decimals(String(step))) return `Use at most ${decimals(String(step))} decimal places`;
    const number = Number(trimmed);
    if (number < def.min || number > def.max) return `Enter a number from ${def.min} to ${def.max}`;
    return undefined;
  }
  if (def.kind === 'text') {
    if (def.input === 'email' && !isEmailAddress(trimmed)) return 'Enter a valid email address';
    if (def.input === 'url' && !(def.allowPath && /^\/\S*$/.test(trimmed)) && !isWebAddress(trimmed)) {
      return def.allowPath
        ? 'Enter a web address starting with https:// (or a path on this site starting with /)'
        : 'Enter a full web address starting with https://';
    }
    if (def.input === 'tel' && !/^\+?[\d\s()-]{7,20}$/.test(trimmed)) return 'Enter a valid phone number';
    if (def.input === 'backup' && !isBackupAddress(trimmed)) {
      return 'Enter a folder as file:///path or a bucket as s3://bucket/prefix';
    }
  }
  return undefined;
}

/**
 * A backup destination as the server takes it (migration 0041's check): a folder on another disk
 * (`file:///mnt/usb/kanisa`) or an S3 bucket with an optional prefix (`s3://church-backups/kanisa`).
 */
export function isBackupAddress(text: string): boolean {
  return text.length <= 500 && /^(file:\/\/\/\S+|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/\S*)?)$/.test(text);
}

// ---- object settings (groups) -------------------------------------------------------------------

function readGroup(def: GroupDef, value: Json | undefined): RowValues {
  const object = isObject(value) ? value : {};
  return Object.fromEntries(def.parts.map((part) => [part.name, readInput(part, object[part.name])]));
}

/** The parts that decide whether a group is set (an optional translation alone does not). */
const decidingParts = (def: GroupDef) => def.parts.filter((part) => !('optional' in part && part.optional));

function writeGroup(def: GroupDef, values: RowValues, previous: Json | undefined): Json {
  const filled = decidingParts(def).some((part) => (values[part.name] ?? '').trim() !== '');
  if (!filled && def.emptyMeansUnset) return UNSET;
  // Properties the screen does not edit are kept as they were.
  const kept: Record<string, Json> = {};
  if (isObject(previous)) {
    for (const [name, part] of Object.entries(previous)) if (part !== undefined) kept[name] = part;
  }
  for (const part of def.parts) kept[part.name] = writeInput(part, values[part.name] ?? '', null);
  return kept;
}

function checkGroup(key: string, def: GroupDef, values: RowValues, errors: FieldErrors) {
  const anyFilled = decidingParts(def).some((part) => (values[part.name] ?? '').trim() !== '');
  for (const part of def.parts) {
    const optional = 'optional' in part && part.optional === true;
    const message = checkInput(part, values[part.name] ?? '', Boolean(def.allOrNone && anyFilled && !optional));
    if (message) errors[`${key}.${part.name}`] = message;
  }
}

// ---- list settings ------------------------------------------------------------------------------

/** Weekly activities are stored by day; the screen edits one row per activity. */
function readWeeklyActivities(value: Json | undefined): RowValues[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((day) => {
    if (!isObject(day)) return [];
    const name = typeof day.day === 'string' ? day.day : '';
    const activities = Array.isArray(day.activities) ? day.activities : [];
    return activities.filter(isObject).map((activity) => ({
      day: name,
      time: typeof activity.time === 'string' ? activity.time : '',
      activity: typeof activity.activity === 'string' ? activity.activity : '',
      location: typeof activity.location === 'string' ? activity.location : '',
      activity_sw: typeof activity.activity_sw === 'string' ? activity.activity_sw : '',
      location_sw: typeof activity.location_sw === 'string' ? activity.location_sw : '',
    }));
  });
}

function writeWeeklyActivities(rows: RowValues[]): Json {
  // One stored activity, its optional Kiswahili beside the English.
  const days = new Map<string, { time: string; activity: string; location: string | null; activity_sw: string | null; location_sw: string | null }[]>();
  for (const row of rows) {
    const day = (row.day ?? '').trim();
    const list = days.get(day) ?? [];
    list.push({
      time: (row.time ?? '').trim(),
      activity: (row.activity ?? '').trim(),
      location: (row.location ?? '').trim() || null,
      // The optional Kiswahili beside the English (issue 32); empty is "not translated".
      activity_sw: (row.activity_sw ?? '').trim() || null,
      location_sw: (row.location_sw ?? '').trim() || null,
    });
    days.set(day, list);
  }
  return [...days].map(([day, activities]) => ({ day, activities }));
}

function readList(key: string, def: ListDef, value: Json | undefined): RowValues[] {
  if (key === 'weekly_activities') return readWeeklyActivities(value);
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((entry) => {
    const row: RowValues = Object.fromEntries(def.columns.map((column) => [column.name, readInput(column, entry[column.name])]));
    if (def.fixedColumn) row[def.fixedColumn] = typeof entry[def.fixedColumn] === 'string' ? (entry[def.fixedColumn] as string) : '';
    return row;
  });
}

const isBlank = (def: ListDef, row: RowValues) => def.columns.every((column) => (row[column.name] ?? '').trim() === '');

/** The rows a save keeps: a row left wholly empty is dropped (rows with a fixed name never are). */
function keptRows(def: ListDef, rows: RowValues[]): RowValues[] {
  return def.fixedColumn ? rows : rows.filter((row) => !isBlank(def, row));
}

function writeList(key: string, def: ListDef, rows: RowValues[], previous: Json | undefined): Json {
  const kept = keptRows(def, rows);
  if (kept.length === 0) return UNSET;
  if (key === 'weekly_activities') return writeWeeklyActivities(kept);
  const before = Array.isArray(previous) ? previous.filter(isObject) : [];
  return kept.map((row) => {
    const fixed = def.fixedColumn;
    // A row with a fixed name keeps the properties the screen does not edit.
    const base: Record<string, Json> = {};
    const earlier = fixed ? before.find((entry) => entry[fixed] === row[fixed]) : undefined;
    if (earlier) for (const [name, part] of Object.entries(earlier)) if (part !== undefined) base[name] = part;
    if (fixed) base[fixed] = row[fixed] ?? '';
    for (const column of def.columns) base[column.name] = writeInput(column, row[column.name] ?? '', null);
    return base;
  });
}

function checkList(key: string, def: ListDef, rows: RowValues[], errors: FieldErrors) {
  rows.forEach((row, index) => {
    if (!def.fixedColumn && isBlank(def, row)) return;
    for (const column of def.columns) {
      const message = checkInput(column, row[column.name] ?? '');
      if (message) errors[`${key}.${String(index)}.${column.name}`] = message;
    }
  });
}

/** A new, empty row of a list. */
export function emptyRow(def: ListDef): RowValues {
  return Object.fromEntries(def.columns.map((column) => [column.name, '']));
}

// ---- the whole form -----------------------------------------------------------------------------

/** The fields the server has a row for (a key the server does not know is not offered). */
export function availableDefs(rows: readonly SettingRow[], defs: readonly SettingDef[] = settingDefs): SettingDef[] {
  const keys = new Set(rows.map((row) => row.key));
  return defs.filter((def) => keys.has(def.key));
}

/** What one field's input holds for its stored value. */
export function readField(def: SettingDef, row: SettingRow | undefined): FormValue {
  const value = row?.value;
  if (isSecretField(def, row)) return { replacement: '', clear: false };
  switch (def.kind) {
    case 'switch':
      return value === true || value === 'true';
    case 'group':
      return readGroup(def, value);
    case 'list':
      return readList(def.key, def, value);
    case 'secret':
      return { replacement: '', clear: false };
    default:
      return readInput(def, value);
  }
}

/** The stored value for a field's input (`previous`: what the row holds now). */
export function writeField(def: SettingDef, value: FormValue, previous: Json | undefined, row?: SettingRow): Json {
  if (isSecretField(def, row)) {
    const secret = value as SecretInput;
    return secret.clear && secret.replacement === '' ? UNSET : secret.replacement;
  }
  switch (def.kind) {
    case 'switch':
      return value === true;
    case 'group':
      return writeGroup(def, value as RowValues, previous);
    case 'list':
      return writeList(def.key, def, value as RowValues[], previous);
    case 'secret':
      return UNSET; // unreachable: handled above
    default:
      return writeInput(def, value as string, UNSET);
  }
}

/** Every field's input for the settings' rows. */
export function toFormValues(rows: readonly SettingRow[], defs: readonly SettingDef[] = settingDefs): FormValues {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return Object.fromEntries(availableDefs(rows, defs).map((def) => [def.key, readField(def, byKey.get(def.key))]));
}

/** Whether a field differs from what was loaded; a secret only when a value was typed or Clear chosen. */
export function isChanged(initial: FormValue | undefined, current: FormValue | undefined): boolean {
  if (current !== undefined && typeof current === 'object' && 'replacement' in current && 'clear' in current) {
    return (current as SecretInput).replacement !== '' || (current as SecretInput).clear;
  }
  return JSON.stringify(initial) !== JSON.stringify(current);
}

export function changedKeys(initial: FormValues, current: FormValues): string[] {
  return Object.keys(current).filter((key) => isChanged(initial[key], current[key]));
}

/**
 * The messages of the fields that cannot be saved: every changed field, and the required ones
 * (church_name, back-office §5) always.
 */
export function checkSettings(
  rows: readonly SettingRow[],
  initial: FormValues,
  current: FormValues,
  defs: readonly SettingDef[] = settingDefs,
): FieldErrors {
  const errors: FieldErrors = {};
  const byKey = new Map(rows.map((row) => [row.key, row]));
  for (const def of availableDefs(rows, defs)) {
    const value = current[def.key];
    if (value === undefined) continue;
    const changed = isChanged(initial[def.key], value);
    if (isSecretField(def, byKey.get(def.key))) {
      const secret = value as SecretInput;
      if (secret.replacement === SECRET_MARKER) errors[def.key] = 'Type the new value itself, not asterisks';
      continue;
    }
    const alwaysChecked = def.kind === 'text' && def.required === true;
    if (!changed && !alwaysChecked) continue;
    if (def.kind === 'group') checkGroup(def.key, def, value as RowValues, errors);
    else if (def.kind === 'list') checkList(def.key, def, value as RowValues[], errors);
    else if (def.kind === 'text' || def.kind === 'number' || def.kind === 'choice') {
      const message = checkInput(def, value as string);
      if (message) errors[def.key] = message;
    }
  }
  return errors;
}

/** The rows one save upserts: the changed keys only, stamped with the signed-in user. */
export function toChanges(
  rows: readonly SettingRow[],
  initial: FormValues,
  current: FormValues,
  userId: string,
  defs: readonly SettingDef[] = settingDefs,
): SettingChange[] {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const changed = new Set(changedKeys(initial, current));
  return availableDefs(rows, defs).flatMap((def) => {
    const value = current[def.key];
    if (!changed.has(def.key) || value === undefined) return [];
    const row = byKey.get(def.key);
    return [{ key: def.key, value: writeField(def, value, row?.value, row), updated_by: userId }];
  });
}

/** The rows after a save: the answers replace the rows of their keys. */
export function mergeRows(rows: readonly SettingRow[], saved: readonly SettingRow[]): SettingRow[] {
  const byKey = new Map(saved.map((row) => [row.key, row]));
  return rows.map((row) => byKey.get(row.key) ?? row);
}

/** The key an error path belongs to. */
export function keyOfPath(path: string): string {
  return path.split('.')[0] ?? path;
}

/** A request kind's name in the routing list. */
export function categoryLabel(category: string): string {
  const labels: Record<string, string> = {
    prayer: 'Prayer requests',
    visitation: 'Visitation',
    reports: 'Department reports',
    counseling: 'Counseling',
    events: 'Event proposals',
    maintenance: 'Facility issues',
    general: 'General inquiries',
  };
  return labels[category] ?? (category ? category.charAt(0).toUpperCase() + category.slice(1).replace(/_/g, ' ') : 'Other');
}
