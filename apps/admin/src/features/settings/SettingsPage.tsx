import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type SubmitEvent } from 'react';
import { Alert } from '../../components/ui/Alert';
import { errorDetail } from '../../components/ui/error-detail';
import { LoadError } from '../../components/ui/LoadError';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { useAuth } from '../../lib/auth/auth-context';
import { useSettings } from './api/get-settings';
import { useSaveSettings } from './api/save-settings';
import { BackupStatusLine } from './BackupStatusLine';
import { SettingField } from './SettingFields';
import { settingsTabs, tabOf, type SettingDef, type TabDef, type TabId } from './settings-fields';
import {
  changedKeys,
  checkSettings,
  keyOfPath,
  mergeRows,
  readField,
  settingsTexts,
  toChanges,
  toFormValues,
  type FieldErrors,
  type FormValue,
  type FormValues,
  type SettingRow,
} from './settings-form';
import './settings.css';
import { useAddressParams } from '../../lib/use-address-params';

/**
 * /admin/settings (back-office §2.16, §5, §8, §9; spec README points 16 and 17): the church's
 * configuration on six tabs. One Save sends the changed settings only, in one upsert; the server
 * applies them without a restart (sign-in limits, the public site, the e-mail, SMS and payment
 * channels). Secrets are write-only.
 */
export default function SettingsPage() {
  const settings = useSettings();
  return (
    <div className="content-page settings-page">
      <title>System Settings</title>
      <PageHeader title="System Settings" description="The church’s details, services, communication, giving, security and notifications." />
      {settings.isPending ? (
        <Spinner label="Loading settings..." />
      ) : settings.isError ? (
        <LoadError
          text={settingsTexts.loadFailed}
          detail={errorDetail(settings.error) ?? settings.error.message}
          onRetry={() => settings.refetch()}
        />
      ) : (
        <SettingsForm loaded={settings.data} />
      )}
    </div>
  );
}

const tabIds = settingsTabs.map((tab) => tab.id);

function tabFrom(value: string | null): TabId {
  return tabIds.find((id) => id === value) ?? 'general';
}

type Message = { tone: 'success' | 'error'; text: string; detail?: string | undefined } | null;

/** Asks before the tab or window closes while changes are unsaved. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [active]);
}

function SettingsForm({ loaded }: { loaded: SettingRow[] }) {
  const { user } = useAuth();
  const [params, setParams] = useAddressParams();
  const activeTab = tabFrom(params.get('tab'));
  const [rows, setRows] = useState(loaded);
  const [initial, setInitial] = useState<FormValues>(() => toFormValues(loaded));
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<Message>(null);
  /** After a refused save: the first field with a message, focused once its tab shows. */
  const pendingFocus = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveSettings();

  const changed = changedKeys(initial, values);
  const dirty = changed.length > 0;
  useLeaveWarning(dirty);

  const rowOf = new Map(rows.map((row) => [row.key, row]));
  const tabOfPath = (path: string) => tabOf(keyOfPath(path));

  useEffect(() => {
    const path = pendingFocus.current;
    const field = path ? formRef.current?.querySelector<HTMLElement>(`[name="${path}"]`) : null;
    // The tab switch may land in a later render: wait until the field's panel shows.
    if (!field || field.closest('[hidden]')) return;
    pendingFocus.current = null;
    field.focus();
  });

  const showTab = (id: TabId) => {
    const next = new URLSearchParams(params);
    if (id === 'general') next.delete('tab');
    else next.set('tab', id);
    setParams(next, { replace: true });
  };

  const setField = (key: string, value: FormValue) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => keyOfPath(path) !== key)));
    if (message?.tone === 'success') setMessage(null);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user || save.isPending) return;
    const found = checkSettings(rows, initial, values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      setMessage({ tone: 'error', text: settingsTexts.fixErrors });
      const tab = tabOfPath(first);
      if (tab && tab !== activeTab) showTab(tab);
      pendingFocus.current = first;
      return;
    }
    const changes = toChanges(rows, initial, values, user.id);
    if (changes.length === 0) return;
    setMessage(null);
    save.mutate(changes, {
      onSuccess: (saved) => {
        const next = mergeRows(rows, saved);
        const fresh = toFormValues(next);
        setRows(next);
        setInitial(fresh);
        setValues(fresh);
        setMessage({ tone: 'success', text: settingsTexts.saved });
      },
      onError: (error) => {
        console.error('Saving the settings failed', error);
        setMessage({ tone: 'error', text: settingsTexts.saveFailed, detail: errorDetail(error) ?? error.message });
      },
    });
  };

  const discard = () => {
    setValues(initial);
    setErrors({});
    setMessage(null);
  };

  const errorTabs = new Set(Object.keys(errors).map(tabOfPath));
  const changedTabs = new Set(changed.map(tabOf));

  return (
    <form ref={formRef} className="settings-form" noValidate onSubmit={onSubmit} aria-label="System settings">
      <SettingsTabs
        active={activeTab}
        onSelect={showTab}
        marks={(id) => ({ errors: errorTabs.has(id), changed: changedTabs.has(id) })}
      />
      <fieldset className="settings-fieldset" disabled={save.isPending}>
        {settingsTabs.map((tab) => (
          <TabPanel key={tab.id} tab={tab} active={tab.id === activeTab}>
            {tab.sections.map((section) => {
              const fields = section.fields.filter((field) => rowOf.has(field.key));
              if (fields.length === 0) return null;
              return (
                <section key={section.title} className="settings-section" aria-labelledby={sectionId(tab.id, section.title)}>
                  <h2 id={sectionId(tab.id, section.title)}>{section.title}</h2>
                  {section.description ? <p className="settings-section-lead">{section.description}</p> : null}
                  <div className="settings-grid">
                    {fields.map((field) =>
                      field.kind === 'backup-status' ? (
                        <div key="backup-status" className="settings-wide">
                          {tab.id === activeTab ? <BackupStatusLine /> : null}
                        </div>
                      ) : (
                        <div key={field.key} className={wide(field) ? 'settings-wide' : undefined}>
                          <SettingField
                            def={field}
                            row={rowOf.get(field.key)}
                            value={values[field.key] ?? readField(field, rowOf.get(field.key))}
                            errors={errors}
                            sectionTitle={section.title}
                            onChange={(value) => {
                              setField(field.key, value);
                            }}
                          />
                        </div>
                      ),
                    )}
                  </div>
                </section>
              );
            })}
          </TabPanel>
        ))}
      </fieldset>
      <div className="settings-savebar" data-sticky={dirty || save.isPending || message !== null}>
        {message ? (
          <Alert
            tone={message.tone}
            onDismiss={() => {
              setMessage(null);
            }}
          >
            {message.text}
            {message.detail ? <span className="alert-detail">{message.detail}</span> : null}
          </Alert>
        ) : null}
        <p className="settings-savebar-state" role="status" data-dirty={dirty}>
          {dirty ? `Unsaved changes (${String(changed.length)} setting${changed.length === 1 ? '' : 's'})` : 'No unsaved changes'}
        </p>
        <div className="settings-savebar-actions">
          <button type="button" className="btn btn-secondary" disabled={!dirty || save.isPending} onClick={discard}>
            Discard changes
          </button>
          <button type="submit" className="btn btn-primary" disabled={!dirty || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </button>
        </div>
      </div>
    </form>
  );
}

const wide = (field: SettingDef) => field.kind === 'group' || field.kind === 'list' || (field.kind === 'secret' && field.multiline === true);

const sectionId = (tab: TabId, title: string) => `settings-${tab}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** The six tabs (role tablist): arrow keys, Home and End move between them. */
function SettingsTabs({
  active,
  onSelect,
  marks,
}: {
  active: TabId;
  onSelect: (id: TabId) => void;
  marks: (id: TabId) => { errors: boolean; changed: boolean };
}) {
  const listRef = useRef<HTMLDivElement>(null);
  // On a phone the tabs scroll sideways: keep the selected one in view.
  useEffect(() => {
    const tab = listRef.current?.querySelector<HTMLElement>(`#settings-tab-${active}`);
    // jsdom (the page tests) has no scrollIntoView.
    if (tab && 'scrollIntoView' in tab) tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabIds.indexOf(active);
    const target =
      event.key === 'ArrowRight' ? (index + 1) % tabIds.length
      : event.key === 'ArrowLeft' ? (index - 1 + tabIds.length) % tabIds.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabIds.length - 1
      : -1;
    const id = tabIds[target];
    if (!id) return;
    event.preventDefault();
    onSelect(id);
    listRef.current?.querySelector<HTMLElement>(`#settings-tab-${id}`)?.focus();
  };
  return (
    <div ref={listRef} className="settings-tabs" role="tablist" aria-label="Settings sections" onKeyDown={onKeyDown}>
      {settingsTabs.map((tab) => {
        const selected = tab.id === active;
        const mark = marks(tab.id);
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`settings-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls={`settings-panel-${tab.id}`}
            tabIndex={selected ? 0 : -1}
            className="settings-tab"
            data-errors={mark.errors || undefined}
            onClick={() => {
              onSelect(tab.id);
            }}
          >
            {tab.label}
            {mark.errors ? (
              <span className="settings-tab-mark settings-tab-error" aria-hidden="true">
                !
              </span>
            ) : mark.changed ? (
              <span className="settings-tab-mark" aria-hidden="true">
                •
              </span>
            ) : null}
            {mark.errors || mark.changed ? ' ' : null}
            {mark.errors ? <span className="sr-only">(has errors)</span> : mark.changed ? <span className="sr-only">(unsaved changes)</span> : null}
          </button>
        );
      })}
    </div>
  );
}

function TabPanel({ tab, active, children }: { tab: TabDef; active: boolean; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={`settings-panel-${tab.id}`}
      aria-labelledby={`settings-tab-${tab.id}`}
      className="settings-panel"
      hidden={!active}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
