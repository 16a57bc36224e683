import { useId, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/Alert';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { errorDetail } from '../../components/ui/error-detail';
import { FieldNote } from '../../components/ui/FieldFrame';
import { LoadError } from '../../components/ui/LoadError';
import { SelectField } from '../../components/ui/SelectField';
import { RequiredPermissions } from '../../components/ui/RequiredPermissions';
import { Spinner } from '../../components/ui/Spinner';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useAuth } from '../../lib/auth/auth-context';
import { useAudiences, usePreviewBroadcast, useSendBroadcast, useUpcomingEvents } from './api/broadcast-api';
import { useTemplates } from './api/communication-api';
import {
  GROUP_IDS,
  SMS_PART,
  applyTemplate,
  charCount,
  emptySendForm,
  formatKes,
  plural,
  budgetText,
  guardAllows,
  previewRecipients,
  requestKey,
  sendButtonText,
  sendErrorText,
  sendFieldErrors,
  sendRequest,
  smsParts,
  validateSend,
  type AudienceKind,
  type BroadcastPreview,
  type GroupId,
  type SendErrors,
  type SendForm,
} from './broadcast-rules';
import { TEMPLATE_PLACEHOLDERS, formatDateTime } from './communication-rules';
import { MembersPicker } from './MembersPicker';

/** The permission a send needs (the server refuses without it). */
export const SEND_PERMISSION = 'send_communications';

/** Send Message (/communication/send): the form for those who may send, the §8 notice for the rest. */
export function SendMessageView() {
  const { access } = useAuth();
  // Inside the hub's guard the session is there; until it is read, wait.
  if (!access) return <Spinner />;
  if (!access.permissions.includes(SEND_PERMISSION)) return <InsufficientPermissions />;
  return <SendMessageForm />;
}

/** §8 Insufficient Permissions, in the hub (the rest of the hub stays open to the user). */
function InsufficientPermissions() {
  return (
    <section className="notice-page comm-denied" aria-labelledby="send-denied-title">
      <h2 id="send-denied-title">Insufficient Permissions</h2>
      <p>You don&apos;t have the required permissions to access this feature.</p>
      <RequiredPermissions permissions={[SEND_PERMISSION]} />
      <p className="notice-help">If you need to send messages to members, ask the system administrator.</p>
    </section>
  );
}

const AUDIENCE_KINDS: { value: AudienceKind; label: string }[] = [
  { value: 'group', label: 'A group' },
  { value: 'ministry', label: 'A ministry' },
  { value: 'members', label: 'Chosen members' },
];

const typeLabel = (type: string) => (type === 'sms' ? 'SMS' : 'Email');

function SendMessageForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form, setForm] = useState<SendForm>(() => emptySendForm(params.get('channel')));
  const [errors, setErrors] = useState<SendErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<{ key: string; result: BroadcastPreview } | null>(null);
  const audiences = useAudiences();
  const templates = useTemplates();
  const events = useUpcomingEvents();
  const preview = usePreviewBroadcast();
  const send = useSendBroadcast();
  const ids = { channels: useId(), audience: useId(), kind: useId() };

  const activeTemplates = (templates.data ?? []).filter((t) => t.is_active);

  // ?template=<id> chooses that template once the templates are there (adjusted while rendering).
  const wantedTemplate = params.get('template');
  const [appliedTemplate, setAppliedTemplate] = useState<string | null>(null);
  if (wantedTemplate && appliedTemplate !== wantedTemplate && templates.data) {
    setAppliedTemplate(wantedTemplate);
    const template = templates.data.find((t) => t.id === wantedTemplate);
    if (template) setForm(applyTemplate(form, template));
  }

  const request = sendRequest(form);
  const key = requestKey(request);
  const current = previewed?.key === key ? previewed.result : null;
  const stale = previewed !== null && current === null;
  const busy = preview.isPending || send.isPending;

  const update = (patch: Partial<SendForm>) => {
    setForm({ ...form, ...patch });
  };

  const onPreview = () => {
    setFailure(null);
    const found = validateSend(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    preview.mutate(request, {
      onSuccess: (result) => {
        setPreviewed({ key, result });
      },
      onError: (error) => {
        setPreviewed(null);
        setErrors(sendFieldErrors(error));
        setFailure(sendErrorText(error, 'preview'));
      },
    });
  };

  const onSend = () => {
    if (!current || previewRecipients(current) === 0 || !guardAllows(current)) return;
    setFailure(null);
    send.mutate(request, {
      onSuccess: (receipt) => {
        void navigate(`/communication/history/${receipt.broadcastId}`);
      },
      onError: (error) => {
        setErrors(sendFieldErrors(error));
        setFailure(sendErrorText(error, 'send'));
      },
    });
  };

  const chars = charCount(form.body);
  const parts = smsParts(form.body);
  const group = audiences.data?.groups.find((g) => g.id === form.group);

  return (
    <section className="comm-send" aria-labelledby="comm-send-title">
      <h2 id="comm-send-title" className="comm-section-title">
        Send Message
      </h2>
      <form
        noValidate
        aria-labelledby="comm-send-title"
        onSubmit={(event) => {
          event.preventDefault();
          onPreview();
        }}
      >
        {failure ? <Alert onDismiss={() => { setFailure(null); }}>{failure}</Alert> : null}

        <fieldset className="comm-fieldset" aria-describedby={errors.channels ? `${ids.channels}-error` : undefined}>
          <legend>Channels *</legend>
          <div className="comm-inline">
            <CheckboxField label="SMS" checked={form.sms} onChange={(event) => { update({ sms: event.target.checked }); }} />
            <CheckboxField label="Email" checked={form.email} onChange={(event) => { update({ email: event.target.checked }); }} />
          </div>
          <FieldNote id={`${ids.channels}-error`} kind="error" text={errors.channels} />
        </fieldset>

        <fieldset className="comm-fieldset" aria-describedby={errors.audience ? `${ids.audience}-error` : undefined}>
          <legend>Recipients *</legend>
          <div className="comm-inline" role="radiogroup" aria-label="Send to">
            {AUDIENCE_KINDS.map((kind) => (
              <label key={kind.value} className="comm-radio">
                <input
                  type="radio"
                  name={ids.kind}
                  value={kind.value}
                  checked={form.audienceKind === kind.value}
                  onChange={() => { update({ audienceKind: kind.value }); }}
                />
                {kind.label}
              </label>
            ))}
          </div>
          {form.audienceKind === 'members' ? (
            <MembersPicker value={form.members} onChange={(members) => { update({ members }); }} />
          ) : audiences.isError ? (
            <LoadError text="Could not load the groups and ministries." detail={errorDetail(audiences.error)} onRetry={() => audiences.refetch()} />
          ) : !audiences.data ? (
            <Spinner label="Loading groups..." />
          ) : form.audienceKind === 'group' ? (
            <SelectField
              label="Group"
              value={form.group}
              hint={
                group
                  ? `${group.description ? `${group.description}. ` : ''}${plural(group.with_phone, 'member has', 'members have')} a phone number, ${plural(group.with_email, 'member has', 'members have')} an email address.`
                  : undefined
              }
              options={(audiences.data.groups.length > 0 ? audiences.data.groups : GROUP_IDS.map((id) => ({ id, label: id, members: 0 }))).map((g) => ({
                value: g.id,
                label: `${g.label} (${plural(g.members, 'member', 'members')})`,
              }))}
              onChange={(event) => { update({ group: event.target.value as GroupId }); }}
            />
          ) : (
            <SelectField
              label="Ministry"
              value={form.ministryId}
              options={[
                { value: '', label: audiences.data.ministries.length > 0 ? 'Choose a ministry' : 'No ministries yet' },
                ...audiences.data.ministries.map((m) => ({ value: m.id, label: `${m.name} (${plural(m.members, 'member', 'members')})` })),
              ]}
              onChange={(event) => { update({ ministryId: event.target.value }); }}
            />
          )}
          <FieldNote id={`${ids.audience}-error`} kind="error" text={errors.audience} />
        </fieldset>

        <div className="form-grid comm-send-grid">
          <SelectField
            label="Template"
            value={form.templateId}
            hint={templates.isError ? 'The templates could not be loaded.' : undefined}
            options={[
              { value: '', label: templates.data ? (activeTemplates.length > 0 ? 'No template' : 'No templates yet') : 'Loading templates...' },
              ...activeTemplates.map((t) => ({ value: t.id, label: `${t.name} (${typeLabel(t.type)})` })),
            ]}
            onChange={(event) => {
              const template = activeTemplates.find((t) => t.id === event.target.value);
              setForm(template ? applyTemplate(form, template) : { ...form, templateId: '' });
            }}
          />
          <SelectField
            label="Event (optional)"
            value={form.eventId}
            error={errors.eventId}
            hint={events.isError ? 'The events could not be loaded.' : 'Fills {event_name} and {date}'}
            options={[
              { value: '', label: events.data ? (events.data.length > 0 ? 'No event' : 'No upcoming events') : 'Loading events...' },
              ...(events.data ?? []).map((e) => ({ value: e.id, label: `${e.title} (${formatDateTime(e.start_date)})` })),
            ]}
            onChange={(event) => { update({ eventId: event.target.value }); }}
          />
          <TextField
            label="Date (optional)"
            type="date"
            value={form.eventId ? '' : form.date}
            disabled={form.eventId !== ''}
            error={errors.date}
            hint={form.eventId ? 'The event’s date fills {date}' : 'Fills {date} when no event is chosen'}
            onChange={(event) => { update({ date: event.target.value }); }}
          />
          {form.email ? (
            <TextField label="Subject *" value={form.subject} error={errors.subject} maxLength={200} onChange={(event) => { update({ subject: event.target.value }); }} />
          ) : null}
        </div>

        <TextAreaField
          label="Message *"
          rows={7}
          value={form.body}
          error={errors.body}
          hint={`Placeholders filled for each recipient: ${TEMPLATE_PLACEHOLDERS.join(', ')}`}
          onChange={(event) => { update({ body: event.target.value }); }}
        />
        <p className="comm-counter" aria-live="polite" data-testid="message-counter">
          {plural(chars, 'character', 'characters')}
          {form.sms ? ` · ${plural(parts, 'SMS part', 'SMS parts')}` : ''}
          {form.sms && chars > SMS_PART && !form.allowLong ? ' · over 160 characters: allow long messages or shorten it' : ''}
        </p>
        {form.sms ? (
          <>
            <CheckboxField
              label="Allow long messages"
              hint="An SMS over 160 characters is sent in several parts, each charged."
              checked={form.allowLong}
              onChange={(event) => { update({ allowLong: event.target.checked }); }}
              {...(errors.allowLong ? { 'aria-describedby': `${ids.channels}-long-error`, 'aria-invalid': true } : {})}
            />
            <FieldNote id={`${ids.channels}-long-error`} kind="error" text={errors.allowLong} />
          </>
        ) : null}

        <div className="comm-send-actions">
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            {preview.isPending ? 'Preparing preview...' : 'Preview'}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!current || previewRecipients(current) === 0 || !guardAllows(current) || busy}
            onClick={onSend}
          >
            {send.isPending ? 'Sending...' : current ? sendButtonText(current) : 'Send'}
          </button>
        </div>
        {!current && !stale ? <p className="comm-note">Preview the message to see who it reaches before sending.</p> : null}
        {stale ? <p className="comm-note comm-stale">The message changed after the preview: preview it again before sending.</p> : null}
      </form>
      {current ? <PreviewPanel preview={current} /> : null}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function SkippedNames({ names, total, reason }: { names: string[]; total: number; reason: string }) {
  if (total === 0) return null;
  return (
    <details className="comm-skipped">
      <summary>{`${plural(total, 'member', 'members')} skipped: ${reason}`}</summary>
      <ul>
        {names.map((name, i) => (
          <li key={`${name}-${String(i)}`}>{name}</li>
        ))}
      </ul>
      {total > names.length ? <p className="comm-note">{`and ${plural(total - names.length, 'more', 'more')}`}</p> : null}
    </details>
  );
}

/** The spend guard: this month's SMS budget and, when the send is held back, why. */
function GuardNotice({ preview }: { preview: BroadcastPreview }) {
  const { guard, sms } = preview;
  if (!guard) return null;
  const budget = sms ? budgetText(guard) : null;
  return (
    <>
      {budget ? (
        <p className="comm-note" data-testid="sms-budget">
          {budget}
        </p>
      ) : null}
      {guard.message && guard.outcome === 'over_budget_allowed' ? <Alert tone="info">{guard.message}</Alert> : null}
      {guard.message && !guardAllows(preview) ? <Alert>{guard.message}</Alert> : null}
    </>
  );
}

/** What a send would do, from the server's preview of the current form. */
function PreviewPanel({ preview }: { preview: BroadcastPreview }) {
  const { sms, email, sample } = preview;
  return (
    <section className="comm-preview" aria-labelledby="comm-preview-title">
      <h3 id="comm-preview-title" className="comm-details-subtitle">
        Preview
      </h3>
      <dl className="comm-details-list">
        <Fact label="Audience">{`${preview.audience.label}: ${plural(preview.audience.members, 'member', 'members')}`}</Fact>
        {sms ? (
          <>
            <Fact label="SMS recipients">{plural(sms.recipients, 'recipient', 'recipients')}</Fact>
            <Fact label="Skipped (no phone number)">{String(sms.skipped)}</Fact>
            <Fact label="SMS parts">{`${plural(sms.partsEach, 'part', 'parts')} each, ${plural(sms.segments, 'part', 'parts')} in all`}</Fact>
            <Fact label="Estimated cost">{`${formatKes(sms.cost)} (${formatKes(sms.pricePerPart)} per part)`}</Fact>
          </>
        ) : null}
        {email ? (
          <>
            <Fact label="Email recipients">{plural(email.recipients, 'recipient', 'recipients')}</Fact>
            <Fact label="Skipped (no email address)">{String(email.skipped)}</Fact>
          </>
        ) : null}
      </dl>
      {sms && !sms.live ? (
        <Alert tone="info">Demo mode: text messages are not configured, so they will be simulated and recorded as simulated; nothing reaches a phone.</Alert>
      ) : null}
      {email && !email.live ? (
        <Alert tone="info">Demo mode: email is not configured, so the emails will be simulated and recorded as simulated; nothing reaches a mailbox.</Alert>
      ) : null}
      {previewRecipients(preview) === 0 ? <Alert>Nobody in this audience can be reached on the chosen channels.</Alert> : null}
      <GuardNotice preview={preview} />
      {sms ? <SkippedNames names={preview.skippedNames.sms} total={sms.skipped} reason="no phone number" /> : null}
      {email ? <SkippedNames names={preview.skippedNames.email} total={email.skipped} reason="no email address" /> : null}
      {sample ? (
        <div className="comm-sample">
          <h4 className="comm-sample-title">{`Sample for ${sample.name}`}</h4>
          {sample.subject ? <p className="comm-sample-subject">{`Subject: ${sample.subject}`}</p> : null}
          <p className="comm-details-text" data-testid="sample-text">
            {sample.text}
          </p>
        </div>
      ) : null}
    </section>
  );
}
