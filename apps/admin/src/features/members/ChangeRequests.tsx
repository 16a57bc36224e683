import type { Json } from '@kanisa/client';
import { useState } from 'react';
import { errorMessage } from '../../components/ui/error-detail';
import { formatCount } from '../../components/ui/paged-list';
import { CHANGES_SHOWN, useDecideChange, useWaitingChanges, type WaitingChange } from './api/change-requests';

const FIELD_NAMES: Readonly<Record<string, string>> = {
  phone: 'Phone',
  email: 'E-mail',
  address: 'Address',
  emergency_contact: 'Emergency contact',
};

/** A requested or previous value as the clerk reads it ("—" for none). */
export function valueText(value: Json | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object' && !Array.isArray(value)) {
    const parts = ['name', 'phone', 'relationship'].map((k) => value[k]).filter((v): v is string => typeof v === 'string' && v !== '');
    return parts.length > 0 ? parts.join(' · ') : '—';
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function ChangeCard({ change }: { change: WaitingChange }) {
  const decide = useDecideChange();
  const [note, setNote] = useState('');
  const name = change.member ? `${change.member.first_name} ${change.member.last_name}` : 'A member';
  const asked = new Date(change.created_at).toLocaleDateString('en-KE', { day: 'numeric', month: 'short', year: 'numeric' });
  const run = (approve: boolean) => {
    decide.mutate({ id: change.id, approve, note });
  };
  return (
    <li className="change-card" aria-label={`Change for ${name}`}>
      <p className="change-who">
        <strong>{name}</strong>
        {change.member?.membership_number ? ` (${change.member.membership_number})` : ''} · asked {asked}
      </p>
      <table className="change-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Now</th>
            <th scope="col">Asked for</th>
          </tr>
        </thead>
        <tbody>
          {Object.keys(change.changes).map((field) => (
            <tr key={field}>
              <th scope="row">{FIELD_NAMES[field] ?? field}</th>
              <td>{valueText(change.previous[field])}</td>
              <td>{valueText(change.changes[field])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {change.note ? <p className="change-note">Member’s note: {change.note}</p> : null}
      <label className="change-reply">
        Note to the member (optional, shown if you decline)
        <input type="text" maxLength={500} value={note} onChange={(e) => { setNote(e.target.value); }} disabled={decide.isPending} />
      </label>
      <div className="row-actions">
        <button type="button" className="btn btn-small btn-primary" disabled={decide.isPending} aria-busy={decide.isPending}
          aria-label={`Approve the change for ${name}`} onClick={() => { run(true); }}>
          {decide.isPending && decide.variables.approve ? 'Approving...' : 'Approve'}
        </button>
        <button type="button" className="btn btn-small btn-secondary" disabled={decide.isPending}
          aria-label={`Decline the change for ${name}`} onClick={() => { run(false); }}>
          {decide.isPending && !decide.variables.approve ? 'Declining...' : 'Decline'}
        </button>
      </div>
      {decide.isError ? <p role="alert" className="form-error">Could not record the decision: {errorMessage(decide.error)}</p> : null}
    </li>
  );
}

/**
 * The clerk's queue on the Members screen (issue 46): changes to phone, e-mail, address or
 * emergency contact that members asked for from the portal, the oldest first, each with what
 * the register holds now. Approving writes the register (and a new phone becomes the member's
 * sign-in number); both decisions are in the activity log. Shown to manage_members only.
 */
export function ChangeRequests() {
  const waiting = useWaitingChanges(true);
  if (waiting.isPending) return null;
  if (waiting.isError) {
    return (
      <p className="member-figures-error" role="status">
        Could not load the changes members asked for.{' '}
        <button type="button" className="btn-link" onClick={() => void waiting.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const { rows, total } = waiting.data;
  if (total === 0) return null;
  return (
    <section className="change-requests" aria-labelledby="change-requests-title">
      <h2 id="change-requests-title">
        Changes members asked for <span className="badge">{formatCount(total)}</span>
      </h2>
      <p>Members sent these from the member portal. Check each one; approving changes the register.</p>
      <ul>
        {rows.map((change) => (
          <ChangeCard key={change.id} change={change} />
        ))}
      </ul>
      {total > rows.length ? (
        <p>
          Showing the oldest {formatCount(CHANGES_SHOWN)} of {formatCount(total)}: decide these to see the rest.
        </p>
      ) : null}
    </section>
  );
}
