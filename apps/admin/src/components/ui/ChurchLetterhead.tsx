import type { ChurchIdentity } from '../../lib/settings';
import './print.css';

/**
 * The church's identity at the head of a printed document (statements, the remittance, the
 * report), from the public System Settings;
 * nothing is hard-coded. While the settings load (or if they cannot be read) the lines that are
 * not known are left out rather than guessed.
 */
export function ChurchLetterhead({ church }: { church: ChurchIdentity | undefined }) {
  if (!church) return <div className="doc-letterhead" aria-hidden="true" />;
  const contact = [church.phone, church.email, church.website].filter((part): part is string => part !== null);
  return (
    <div className="doc-letterhead">
      <p className="doc-church">{church.name ?? 'Church'}</p>
      {church.branch ? <p className="doc-branch">{church.branch}</p> : null}
      {church.address ? <p>{church.address}</p> : null}
      {church.postalAddress ? <p>{church.postalAddress}</p> : null}
      {contact.length > 0 ? <p>{contact.join(' · ')}</p> : null}
    </div>
  );
}
