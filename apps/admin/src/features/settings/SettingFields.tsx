import { useId, type CSSProperties } from 'react';
import { Badge } from '../../components/ui/Badge';
import { FieldNote } from '../../components/ui/FieldFrame';
import { SelectField, type SelectOption } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import type { GroupDef, InputDef, ListDef, SettingDef } from './settings-fields';
import {
  categoryLabel,
  emptyRow,
  secretStatus,
  type FieldErrors,
  type FormValue,
  type RowValues,
  type SecretInput,
  type SettingRow,
} from './settings-form';

/** The label with its unit, e.g. 'Session timeout (minutes)'. */
function labelOf(def: InputDef): string {
  return def.kind === 'number' && def.unit ? `${def.label} (${def.unit})` : def.label;
}

/** The choices of a drop-down, with the stored value kept when it is not one of them. */
function choicesFor(options: readonly SelectOption[], value: string): SelectOption[] {
  if (options.some((option) => option.value === value)) return [...options];
  return [{ value, label: value === '' ? 'Not set' : value }, ...options];
}

interface InputProps {
  def: InputDef;
  /** The input's name: the error path (`key`, `key.part`, `key.index.column`). */
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  /** Overrides the visible label (a list row's inputs). */
  label?: string;
}

/** One text, number or choice input. */
export function SettingInput({ def, name, value, error, onChange, label }: InputProps) {
  const shown = label ?? labelOf(def);
  if (def.kind === 'choice') {
    return (
      <SelectField
        label={shown}
        name={name}
        hint={def.hint}
        error={error}
        options={choicesFor(def.options, value)}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    );
  }
  const common = {
    label: shown,
    name,
    hint: def.hint,
    error,
    value,
    onChange: (event: { target: { value: string } }) => {
      onChange(event.target.value);
    },
  };
  if (def.kind === 'number') {
    const whole = (def.step ?? 1) >= 1;
    return (
      <TextField
        {...common}
        type="number"
        inputMode={whole && def.min >= 0 ? 'numeric' : 'decimal'}
        min={def.min}
        max={def.max}
        step={def.step ?? 1}
        required={def.required}
      />
    );
  }
  return (
    <TextField
      {...common}
      type={def.input ?? 'text'}
      required={def.required}
      autoComplete={def.autoComplete}
      spellCheck={def.input === 'email' || def.input === 'url' ? false : undefined}
    />
  );
}

/** An on/off setting: a switch with its hint. */
function SwitchSetting({ name, label, hint, checked, onChange }: { name: string; label: string; hint: string | undefined; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="field settings-switch">
      <button
        type="button"
        role="switch"
        name={name}
        aria-checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="switch"
        onClick={() => {
          onChange(!checked);
        }}
      >
        <span className="switch-track" aria-hidden="true">
          <span className="switch-thumb" />
        </span>
        <span className="switch-label">{label}</span>
      </button>
      <FieldNote id={`${id}-hint`} kind="hint" text={hint} />
    </div>
  );
}

/**
 * A secret (password, API key): write-only. The server says only whether one is stored ('Set' /
 * 'Not set'); the input starts empty, a typed value replaces the secret on save, and Clear
 * removes it.
 */
function SecretSetting({
  name,
  label,
  hint,
  multiline,
  stored,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  hint: string | undefined;
  multiline: boolean;
  stored: 'set' | 'not_set';
  value: SecretInput;
  error: string | undefined;
  onChange: (value: SecretInput) => void;
}) {
  const id = useId();
  const help = [hint, stored === 'set' ? 'Leave empty to keep the current value.' : undefined].filter(Boolean).join(' ') || undefined;
  const describedBy = [help ? `${id}-hint` : '', `${id}-state`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const input = {
    id,
    name,
    value: value.replacement,
    'aria-describedby': describedBy,
    'aria-invalid': error ? (true as const) : undefined,
    autoComplete: 'new-password',
    spellCheck: false,
    onChange: (event: { target: { value: string } }) => {
      onChange({ replacement: event.target.value, clear: false });
    },
  };
  return (
    <div className="field settings-secret">
      <div className="settings-secret-head">
        <label htmlFor={id}>{label}</label>
        <span id={`${id}-state`}>
          <span className="sr-only">Status: </span>
          <Badge tone={stored === 'set' ? 'success' : 'neutral'}>{stored === 'set' ? 'Set' : 'Not set'}</Badge>
        </span>
      </div>
      <FieldNote id={`${id}-hint`} kind="hint" text={help} />
      {multiline ? <textarea {...input} rows={4} className="settings-secret-text" /> : <input {...input} type="password" />}
      <FieldNote id={`${id}-error`} kind="error" text={error} />
      {stored === 'set' && !value.clear ? (
        <button
          type="button"
          className="btn-link settings-secret-clear"
          onClick={() => {
            onChange({ replacement: '', clear: true });
          }}
        >
          Clear <span className="sr-only">{label}</span>
        </button>
      ) : null}
      {value.clear ? (
        <p className="settings-secret-note" role="status">
          {label} will be removed when you save.{' '}
          <button
            type="button"
            className="btn-link"
            onClick={() => {
              onChange({ replacement: '', clear: false });
            }}
          >
            Undo <span className="sr-only">clearing {label}</span>
          </button>
        </p>
      ) : null}
    </div>
  );
}

interface CompoundProps<D, V> {
  def: D & { key: string };
  value: V;
  errors: FieldErrors;
  onChange: (value: V) => void;
  /** The section's heading already says what the legend would (screen readers still hear it). */
  quietLegend: boolean;
}

function GroupSetting({ def, value, errors, onChange, quietLegend }: CompoundProps<GroupDef, RowValues>) {
  const id = useId();
  return (
    <fieldset className="settings-group" aria-describedby={def.hint ? `${id}-hint` : undefined}>
      <legend className={quietLegend ? 'sr-only' : undefined}>{def.label}</legend>
      <FieldNote id={`${id}-hint`} kind="hint" text={def.hint} />
      <div className="settings-row-grid" style={{ '--columns': String(def.columns ?? 2) } as CSSProperties}>
        {def.parts.map((part) => (
          <SettingInput
            key={part.name}
            def={part}
            name={`${def.key}.${part.name}`}
            value={value[part.name] ?? ''}
            error={errors[`${def.key}.${part.name}`]}
            onChange={(next) => {
              onChange({ ...value, [part.name]: next });
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}

function ListSetting({ def, value, errors, onChange, quietLegend }: CompoundProps<ListDef, RowValues[]>) {
  const id = useId();
  const fixed = def.fixedColumn;
  const rowTitle = (row: RowValues, index: number) => (fixed ? categoryLabel(row[fixed] ?? '') : `${capitalise(def.rowName)} ${String(index + 1)}`);
  return (
    <fieldset className="settings-list" aria-describedby={def.hint ? `${id}-hint` : undefined}>
      <legend className={quietLegend ? 'sr-only' : undefined}>{def.label}</legend>
      <FieldNote id={`${id}-hint`} kind="hint" text={def.hint} />
      {value.length === 0 ? <p className="settings-list-empty">None yet.</p> : null}
      {value.map((row, index) => (
        <fieldset key={index} className="settings-list-row">
          <legend>{rowTitle(row, index)}</legend>
          <div className="settings-row-grid" style={{ '--columns': String(def.columns.length) } as CSSProperties}>
            {def.columns.map((column) => (
              <SettingInput
                key={column.name}
                def={column}
                name={`${def.key}.${String(index)}.${column.name}`}
                value={row[column.name] ?? ''}
                error={errors[`${def.key}.${String(index)}.${column.name}`]}
                onChange={(next) => {
                  onChange(value.map((other, at) => (at === index ? { ...other, [column.name]: next } : other)));
                }}
              />
            ))}
          </div>
          {fixed ? null : (
            <button
              type="button"
              className="btn btn-small btn-remove"
              onClick={() => {
                onChange(value.filter((_, at) => at !== index));
              }}
            >
              Remove <span className="sr-only">{rowTitle(row, index).toLowerCase()}</span>
            </button>
          )}
        </fieldset>
      ))}
      {fixed ? null : (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => {
            onChange([...value, emptyRow(def)]);
          }}
        >
          Add {def.rowName}
        </button>
      )}
    </fieldset>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface FieldProps {
  def: SettingDef;
  row: SettingRow | undefined;
  value: FormValue;
  errors: FieldErrors;
  onChange: (value: FormValue) => void;
  /** The heading of the section it is in. */
  sectionTitle?: string;
}

/** One setting's input(s), by the kind of value it holds. */
export function SettingField({ def, row, value, errors, onChange, sectionTitle }: FieldProps) {
  if (def.kind === 'secret' || row?.is_secret) {
    return (
      <SecretSetting
        name={def.key}
        label={def.label}
        hint={def.hint}
        multiline={def.kind === 'secret' && def.multiline === true}
        stored={secretStatus(row?.value)}
        value={value as SecretInput}
        error={errors[def.key]}
        onChange={onChange}
      />
    );
  }
  switch (def.kind) {
    case 'switch':
      return <SwitchSetting name={def.key} label={def.label} hint={def.hint} checked={value === true} onChange={onChange} />;
    case 'group':
      return <GroupSetting def={def} value={value as RowValues} errors={errors} onChange={onChange} quietLegend={def.label === sectionTitle} />;
    case 'list':
      return <ListSetting def={def} value={value as RowValues[]} errors={errors} onChange={onChange} quietLegend={def.label === sectionTitle} />;
    default:
      return <SettingInput def={def} name={def.key} value={value as string} error={errors[def.key]} onChange={onChange} />;
  }
}
