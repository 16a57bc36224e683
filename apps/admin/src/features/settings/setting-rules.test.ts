/**
 * The number fields hold the ranges the database holds (kanisa.setting_rules, migrations 0026 and
 * later): a value the form lets through is never refused on save, nor one it refuses accepted.
 */
import { describe, expect, it } from 'vitest';
import { settingDefs } from './settings-fields';

/** What the test reads the migrations with (Node's, under vitest; the app has no Node types). */
interface Files {
  readdirSync(path: string): string[];
  readFileSync(path: string, encoding: 'utf8'): string;
}

/** The repository's migrations, from this file's folder (vitest gives the module its path). */
const MIGRATIONS = `${(import.meta as { dirname?: string }).dirname ?? ''}/../../../../../migrations`;

/** Every `INSERT INTO kanisa.setting_rules … VALUES (key, label, kind, min, max), …` row. */
async function settingRules(): Promise<Map<string, { min: number; max: number }>> {
  const nodeFs = 'node:fs';
  const fs = (await import(/* @vite-ignore */ nodeFs)) as Files;
  const files = fs.readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql'));
  const rules = new Map<string, { min: number; max: number }>();
  for (const sql of files.map((name) => fs.readFileSync(`${MIGRATIONS}/${name}`, 'utf8'))) {
    for (const insert of sql.matchAll(/INSERT INTO kanisa\.setting_rules[^;]*;/g)) {
      for (const row of insert[0].matchAll(/\(\s*'([a-z0-9_]+)',\s*'(?:[^']|'')*',\s*'(?:integer|number)',\s*([0-9.]+),\s*([0-9.]+)\s*\)/g)) {
        rules.set(row[1]!, { min: Number(row[2]), max: Number(row[3]) });
      }
    }
  }
  return rules;
}

describe('the settings ranges', async () => {
  const rules = await settingRules();

  it('are read from the migrations', () => {
    expect(rules.get('upload_files_per_address_per_hour')).toEqual({ min: 0, max: 100_000 });
    expect(rules.size).toBeGreaterThan(20);
  });

  it('of every number field with a rule are the rule', () => {
    const fields = settingDefs.flatMap((def) => (def.kind === 'number' && rules.has(def.key) ? [def] : []));
    expect(fields.length).toBeGreaterThan(20);
    for (const field of fields) {
      expect({ min: field.min, max: field.max }, field.key).toEqual(rules.get(field.key));
    }
  });

  it('cover every upload limit (issue 42)', () => {
    const uploads = [...rules.keys()].filter((key) => key.startsWith('upload_')).sort();
    expect(uploads).toHaveLength(8);
    expect(settingDefs.filter((def) => def.key.startsWith('upload_')).map((def) => def.key).sort()).toEqual(uploads);
  });
});
