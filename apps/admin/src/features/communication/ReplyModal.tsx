import { KanisaError } from '@kanisa/client';
import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { errorMessage } from '../../components/ui/error-detail';
import { Modal } from '../../components/ui/Modal';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useReplyMessage, type Message } from './api/communication-api';
import { GMAIL_OPENED, gmailComposeUrl, gmailError, gmailFailed, replySubject, validateReply } from './communication-rules';

interface Props {
  message: Message;
  /** Closes the form with a confirmation text. */
  onDone: (notice: string) => void;
  onClose: () => void;
}

/** The reply's failure in words: the server's field messages, 404 while the endpoint is missing. */
function replyErrorText(error: unknown): string {
  if (error instanceof KanisaError) {
    if (error.status === 404) return 'Sending replies by e-mail is not available on this server yet. Use Open Gmail instead.';
    if (error.status === 403) return 'You are not allowed to send replies.';
  }
  return `Could not send the reply: ${errorMessage(error)}`;
}

/** Respond (§2.17, README 14): a real e-mail reply through the server, or a pre-filled Gmail window. */
export function ReplyModal({ message, onDone, onClose }: Props) {
  const reply = useReplyMessage();
  const [subject, setSubject] = useState(replySubject(message.subject));
  const [body, setBody] = useState('');
  // Issue 32: answering can finish the request, so it leaves the open list once sent.
  const [complete, setComplete] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<'subject' | 'body', string>>>({});
  const [gmailAlert, setGmailAlert] = useState<string | null>(null);
  const email = message.sender_email;

  const fieldErrors = (error: unknown): Partial<Record<'subject' | 'body', string>> => {
    if (!(error instanceof KanisaError) || !error.fields) return {};
    const fields = error.fields;
    return { ...(fields.subject ? { subject: fields.subject } : {}), ...(fields.body ? { body: fields.body } : {}) };
  };

  const send = () => {
    const found = validateReply({ subject, body });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    reply.mutate(
      { messageId: message.id, subject: subject.trim(), body: body.trim(), complete },
      {
        onSuccess: () => {
          const to = email ?? message.sender_name;
          onDone(complete ? `Reply to ${to} queued for sending by e-mail; the request will be marked complete once it is sent` : `Reply to ${to} queued for sending by e-mail`);
        },
        onError: (error) => { setErrors(fieldErrors(error)); },
      },
    );
  };

  const openGmail = () => {
    if (!email) return;
    try {
      const opened = window.open(gmailComposeUrl(email, subject, body), '_blank');
      if (!opened) {
        setGmailAlert(gmailFailed('the browser blocked the new window'));
        return;
      }
      opened.opener = null;
      onDone(GMAIL_OPENED);
    } catch (error) {
      setGmailAlert(gmailError(errorMessage(error)));
    }
  };

  return (
    <Modal title={`Respond to ${message.sender_name}`} onClose={onClose} busy={reply.isPending}>
      <form
        noValidate
        aria-label="Reply"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <div className="modal-body">
          {email ? (
            <p className="comm-note">To: {email}</p>
          ) : (
            <Alert tone="info">This message has no e-mail address to reply to</Alert>
          )}
          {reply.isError ? <Alert>{replyErrorText(reply.error)}</Alert> : null}
          {gmailAlert ? <Alert onDismiss={() => { setGmailAlert(null); }}>{gmailAlert}</Alert> : null}
          <div className="form-grid">
            <TextField label="Subject *" value={subject} error={errors.subject} onChange={(event) => { setSubject(event.target.value); }} />
            <TextAreaField label="Message *" rows={8} value={body} error={errors.body} onChange={(event) => { setBody(event.target.value); }} />
          </div>
          {message.status === 'completed' ? null : (
            <CheckboxField
              label="Mark the request complete once the reply is sent"
              checked={complete}
              disabled={reply.isPending}
              onChange={(event) => { setComplete(event.target.checked); }}
            />
          )}
        </div>
        <div className="modal-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={reply.isPending}>
            Cancel
          </button>
          <button type="button" className="btn btn-secondary" onClick={openGmail} disabled={!email || reply.isPending}>
            Open Gmail
          </button>
          <button type="submit" className="btn btn-primary" disabled={!email || reply.isPending}>
            {reply.isPending ? 'Sending...' : complete ? 'Send and mark complete' : 'Send reply by e-mail'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
