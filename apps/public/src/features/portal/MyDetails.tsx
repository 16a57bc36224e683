import { useState, type SyntheticEvent } from 'react';
import { TextAreaField, TextField } from '../../components/ui/FormField';
import { formatDate, t, type MessageKey } from '../../i18n';
import { looksLikePhone } from './PhoneSignIn';
import {
  changeRefusalText,
  refusedField,
  useAskForChange,
  useDetails,
  useLatestRequest,
  type ChangeAsk,
  type ChangeField,
  type ChangeRequest,
  type MemberDetails,
} from './api/details';

const FIELD_NAMES: Record<ChangeField, MessageKey> = {
  phone: 'portal.phone',
  email: 'portal.email',
  address: 'portal.address',
  emergency_contact: 'portal.kin',
};

const day = (iso: string) => formatDate(new Date(iso), { day: 'numeric', month: 'short', year: 'numeric' });

/** A +2547… number as people write it: 0712 345 678. */
export function localPhone(phone: string | null): string {
  if (!phone) return '';
  const m = /^\+254(\d{3})(\d{3})(\d{3})$/.exec(phone);
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : phone;
}

function kinText(details: MemberDetails): string {
  const kin = details.emergency_contact;
  if (!kin) return t('portal.none');
  return [kin.name, localPhone(kin.phone), kin.relationship].filter(Boolean).join(' · ');
}

/** Where the member's last ask stands: waiting for the clerk, made, or not made (with the clerk's note). */
function RequestStatus({ request }: { request: ChangeRequest }) {
  const fields = request.fields.map((f) => t(FIELD_NAMES[f])).join(', ');
  if (request.status === 'pending') {
    return (
      <p className="portal-notice" role="status" data-testid="portal-change-status">
        <strong>{t('portal.waitingForClerk')}</strong> {t('portal.askedOn', { date: day(request.created_at), fields })}
      </p>
    );
  }
  if (request.status === 'approved') {
    return (
      <p className="portal-notice" data-testid="portal-change-status">
        {t('portal.changeMade', { date: day(request.decided_at ?? request.created_at), fields })}
      </p>
    );
  }
  return (
    <p className="portal-notice portal-notice-declined" data-testid="portal-change-status">
      {t('portal.changeDeclined', { fields })}
      {request.decision_note ? ` ${t('portal.clerkSays', { note: request.decision_note })}` : ''}
    </p>
  );
}

const formOf = (details: MemberDetails): ChangeAsk => ({
  phone: localPhone(details.phone),
  email: details.email ?? '',
  address: details.address ?? '',
  kin: {
    name: details.emergency_contact?.name ?? '',
    phone: localPhone(details.emergency_contact?.phone ?? null),
    relationship: details.emergency_contact?.relationship ?? '',
  },
  note: '',
});

type Problems = Partial<Record<ChangeField | 'form', string>>;

function check(ask: ChangeAsk): Problems {
  const problems: Problems = {};
  if (!looksLikePhone(ask.phone.trim())) problems.phone = t('portal.phoneInvalid');
  if (ask.email.trim() && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(ask.email.trim())) problems.email = t('portal.emailInvalid');
  if (ask.kin.phone.trim() && !looksLikePhone(ask.kin.phone.trim())) problems.emergency_contact = t('portal.kinPhoneInvalid');
  return problems;
}

/** The form that sends the change to the clerk. */
function ChangeForm({ userId, details, onDone }: { userId: string; details: MemberDetails; onDone: () => void }) {
  const [ask, setAsk] = useState<ChangeAsk>(() => formOf(details));
  const [problems, setProblems] = useState<Problems>({});
  const send = useAskForChange(userId, details.id);
  const set = (part: Partial<ChangeAsk>) => { setAsk((a) => ({ ...a, ...part })); };
  const setKin = (part: Partial<ChangeAsk['kin']>) => { setAsk((a) => ({ ...a, kin: { ...a.kin, ...part } })); };

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check(ask);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    send.mutate(ask, {
      onSuccess: onDone,
      onError: (error) => {
        const field = refusedField(error);
        const message = changeRefusalText(error);
        setProblems(field && field !== 'unchanged' ? { [field]: message } : { form: message });
      },
    });
  }

  return (
    <form className="portal-form" onSubmit={submit} noValidate aria-labelledby="portal-change-title">
      <h3 id="portal-change-title">{t('portal.askForChange')}</h3>
      <p className="field-hint">{t('portal.changeHint')}</p>
      <TextField id="portal-new-phone" label={t('portal.phone')} type="tel" inputMode="tel" autoComplete="tel" required
        value={ask.phone} error={problems.phone} onValue={(phone) => { set({ phone }); }} />
      <TextField id="portal-new-email" label={t('portal.email')} type="email" autoComplete="email"
        value={ask.email} error={problems.email} onValue={(email) => { set({ email }); }} />
      <TextAreaField id="portal-new-address" label={t('portal.address')} rows={2} maxLength={500}
        value={ask.address} error={problems.address} onValue={(address) => { set({ address }); }} />
      <fieldset className="portal-kin">
        <legend>{t('portal.kin')}</legend>
        <TextField id="portal-kin-name" label={t('portal.kinName')} maxLength={200} value={ask.kin.name}
          onValue={(name) => { setKin({ name }); }} />
        <TextField id="portal-kin-phone" label={t('portal.kinPhone')} type="tel" inputMode="tel" value={ask.kin.phone}
          error={problems.emergency_contact} onValue={(phone) => { setKin({ phone }); }} />
        <TextField id="portal-kin-relationship" label={t('portal.kinRelationship')} maxLength={200} value={ask.kin.relationship}
          onValue={(relationship) => { setKin({ relationship }); }} />
      </fieldset>
      <TextAreaField id="portal-change-note" label={t('portal.noteToClerk')} rows={2} maxLength={500}
        value={ask.note} onValue={(note) => { set({ note }); }} />
      {problems.form ? <p role="alert" className="field-error">{problems.form}</p> : null}
      <div className="portal-actions">
        <button type="submit" className="button" disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? t('portal.sending') : t('portal.sendToClerk')}
        </button>
        <button type="button" className="button button-outline" disabled={send.isPending} onClick={onDone}>
          {t('portal.cancel')}
        </button>
      </div>
    </form>
  );
}

/** What the register holds for the member, and their asks to the clerk to change it. */
export function MyDetails({ userId, memberId }: { userId: string; memberId: string }) {
  const details = useDetails(userId, memberId);
  const latest = useLatestRequest(userId, memberId);
  const [editing, setEditing] = useState(false);
  return (
    <section className="portal-details" aria-labelledby="portal-details-title">
      <h2 id="portal-details-title">{t('portal.myDetails')}</h2>
      {details.isPending ? (
        <p role="status">{t('portal.loading')}</p>
      ) : details.isError ? (
        <p role="alert">
          {t('portal.detailsFailed')}{' '}
          <button type="button" className="button button-outline" onClick={() => void details.refetch()}>
            {t('portal.retry')}
          </button>
        </p>
      ) : (
        <>
          <dl className="portal-totals">
            <div><dt>{t('portal.name')}</dt><dd>{`${details.data.first_name} ${details.data.last_name}`}</dd></div>
            {details.data.membership_number ? (
              <div><dt>{t('portal.membershipNumber')}</dt><dd>{details.data.membership_number}</dd></div>
            ) : null}
            <div><dt>{t('portal.phone')}</dt><dd data-testid="portal-phone">{localPhone(details.data.phone)}</dd></div>
            <div><dt>{t('portal.email')}</dt><dd>{details.data.email ?? t('portal.none')}</dd></div>
            <div><dt>{t('portal.address')}</dt><dd>{details.data.address ?? t('portal.none')}</dd></div>
            <div><dt>{t('portal.kin')}</dt><dd>{kinText(details.data)}</dd></div>
          </dl>
          {latest.data ? <RequestStatus request={latest.data} /> : null}
          {editing ? (
            <ChangeForm userId={userId} details={details.data} onDone={() => { setEditing(false); }} />
          ) : (
            <div className="portal-actions">
              <button type="button" className="button button-outline" onClick={() => { setEditing(true); }}>
                {t('portal.askForChange')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
