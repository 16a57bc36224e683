import { useState, type SyntheticEvent } from 'react';
import { SelectField, TextAreaField, TextField } from '../../components/ui/FormField';
import { formatDate, t, type MessageKey } from '../../i18n';
import { refusalText } from './api/sign-in';
import { REQUESTS_PAGE, useSendRequest, useSentItems, type NewRequest, type SentItem } from './api/requests';
import { useDetails, type MemberDetails } from './api/details';

const STATUS: Readonly<Record<string, MessageKey>> = {
  open: 'portal.statusOpen',
  in_progress: 'portal.statusInProgress',
  answered: 'portal.statusAnswered',
  closed: 'portal.statusClosed',
  pending: 'portal.statusPending',
  read: 'portal.statusRead',
  sent: 'portal.statusAnswered',
  completed: 'portal.statusClosed',
  failed: 'portal.statusPending',
};

function statusText(item: SentItem): string {
  const key = STATUS[item.status];
  return key ? t(key) : item.status;
}
const newKey = () => `portal-${crypto.randomUUID()}`;

/** The form that sends a prayer request or a message to the church office, as the member. */
function SendForm({ userId, details, onDone }: { userId: string; details: MemberDetails; onDone: () => void }) {
  const [kind, setKind] = useState<NewRequest['kind']>('prayer');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [privacy, setPrivacy] = useState<NewRequest['privacy']>('private');
  const [problem, setProblem] = useState<{ subject?: string; message?: string; form?: string }>({});
  const [key, setKey] = useState(newKey);
  const send = useSendRequest(userId);

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: typeof problem = {};
    if (kind === 'message' && !subject.trim()) found.subject = t('portal.subjectRequired');
    if (!message.trim()) found.message = t('portal.messageRequired');
    setProblem(found);
    if (Object.keys(found).length > 0) return;
    send.mutate(
      {
        kind,
        name: `${details.first_name} ${details.last_name}`,
        phone: details.phone ?? '',
        email: details.email ?? '',
        subject: subject.trim(),
        message: message.trim(),
        privacy,
        idempotencyKey: key,
      },
      {
        onSuccess: () => {
          setKey(newKey());
          onDone();
        },
        onError: (error) => { setProblem({ form: refusalText(error) }); },
      },
    );
  }

  return (
    <form className="portal-form" onSubmit={submit} noValidate aria-labelledby="portal-send-title">
      <h3 id="portal-send-title">{t('portal.sendSomething')}</h3>
      <SelectField id="portal-send-kind" name="kind" label={t('portal.sendKind')} value={kind}
        options={[{ value: 'prayer', label: t('portal.kindPrayer') }, { value: 'message', label: t('portal.kindMessage') }]}
        onValue={(v) => { setKind(v === 'message' ? 'message' : 'prayer'); }} />
      <TextField id="portal-send-subject" label={kind === 'prayer' ? t('portal.subjectOptional') : t('portal.subject')} maxLength={200}
        required={kind === 'message'} value={subject} error={problem.subject} onValue={setSubject} />
      <TextAreaField id="portal-send-message" label={t('portal.message')} rows={4} maxLength={5000} required
        value={message} error={problem.message} onValue={setMessage} />
      {kind === 'prayer' ? (
        <SelectField id="portal-send-privacy" name="privacy" label={t('portal.privacy')} value={privacy}
          options={[{ value: 'private', label: t('portal.privacyPrivate') }, { value: 'leadership_only', label: t('portal.privacyLeadership') }]}
          onValue={(v) => { setPrivacy(v === 'leadership_only' ? 'leadership_only' : 'private'); }} />
      ) : null}
      {problem.form ? <p role="alert" className="field-error">{problem.form}</p> : null}
      <div className="portal-actions">
        <button type="submit" className="button" disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? t('portal.sending') : t('portal.send')}
        </button>
        <button type="button" className="button button-outline" disabled={send.isPending} onClick={onDone}>
          {t('portal.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The prayer requests and messages the member sent signed in, with their status, and a form for a new one. */
export function MyRequests({ userId, memberId }: { userId: string; memberId: string }) {
  const details = useDetails(userId, memberId);
  const [limit, setLimit] = useState(REQUESTS_PAGE);
  const [writing, setWriting] = useState(false);
  const sent = useSentItems(userId, limit);
  return (
    <section className="portal-details" aria-labelledby="portal-requests-title">
      <h2 id="portal-requests-title">{t('portal.myRequests')}</h2>
      {sent.isPending ? (
        <p role="status">{t('portal.loading')}</p>
      ) : sent.isError ? (
        <p role="alert">
          {t('portal.requestsFailed')}{' '}
          <button type="button" className="button button-outline" onClick={() => void sent.refetch()}>
            {t('portal.retry')}
          </button>
        </p>
      ) : sent.data.items.length === 0 ? (
        <p>{t('portal.noRequests')}</p>
      ) : (
        <>
          <ul className="portal-requests">
            {sent.data.items.map((item) => (
              <li key={`${item.kind}-${item.id}`}>
                <span className="portal-request-title">{item.title}</span>
                <span className="portal-request-meta">
                  {item.kind === 'prayer' ? t('portal.kindPrayer') : t('portal.kindMessage')} ·{' '}
                  {formatDate(new Date(item.created_at), { day: 'numeric', month: 'short', year: 'numeric' })} ·{' '}
                  <strong data-testid="portal-request-status">{statusText(item)}</strong>
                </span>
              </li>
            ))}
          </ul>
          {sent.data.items.length < sent.data.total ? (
            <button type="button" className="button button-outline" disabled={sent.isFetching}
              onClick={() => { setLimit((n) => n + REQUESTS_PAGE); }}>
              {t('portal.showMore')}
            </button>
          ) : null}
        </>
      )}
      {writing && details.data ? (
        <SendForm userId={userId} details={details.data} onDone={() => { setWriting(false); }} />
      ) : (
        <div className="portal-actions">
          <button type="button" className="button button-outline" disabled={!details.data} onClick={() => { setWriting(true); }}>
            {t('portal.sendSomething')}
          </button>
        </div>
      )}
    </section>
  );
}
