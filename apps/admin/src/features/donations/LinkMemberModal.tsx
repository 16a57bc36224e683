import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { errorDetail } from '../../components/ui/error-detail';
import { Modal } from '../../components/ui/Modal';
import { formatKes } from '../../lib/giving';
import { useLinkDonationMember } from './api/link-donation-member';
import { donationTexts, formatDay, providerLabel, withRefusal, type Donation, type MemberChoice } from './donation-rules';
import { MemberPicker } from './MemberPicker';

interface Props {
  donation: Donation;
  onClose: () => void;
  onLinked: (notice: string) => void;
}

/** Matches an unmatched paybill gift to the member who gave it: only its member_id changes. */
export function LinkMemberModal({ donation, onClose, onLinked }: Props) {
  const link = useLinkDonationMember();
  const [member, setMember] = useState<MemberChoice | null>(null);
  const [missing, setMissing] = useState(false);
  const payment = donation.payment_logs;
  const detail = errorDetail(link.error);

  const submit = () => {
    if (link.isPending) return;
    if (!member) {
      setMissing(true);
      return;
    }
    link.mutate(
      { id: donation.id, memberId: member.id },
      {
        onSuccess: () => {
          onLinked(`The gift of ${formatKes(donation.amount)} was linked to ${member.first_name} ${member.last_name}.`);
        },
        onError: (error) => {
          console.error('Linking the gift to a member failed', error);
        },
      },
    );
  };

  return (
    <Modal title="Link to Member" onClose={onClose} busy={link.isPending}>
      <form
        noValidate
        aria-label="Link gift to member"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="modal-body">
          <p className="donation-note">
            {`A paybill gift of ${formatKes(donation.amount)} on ${formatDay(donation.giving_date)}`}
            {payment?.payer_name ? `, paid by ${payment.payer_name}` : ''}
            {payment?.phone_number ? ` (${payment.phone_number})` : ''}
            {` through ${providerLabel(payment?.payment_provider)}. Choose the member who gave it.`}
          </p>
          {link.isError ? (
            <Alert>
              {withRefusal(donationTexts.linkError, link.error)}
              {detail ? <span className="alert-detail">{detail}</span> : null}
            </Alert>
          ) : null}
          <MemberPicker
            label="Member *"
            value={member}
            onChange={(chosen) => {
              setMember(chosen);
              if (chosen) setMissing(false);
            }}
            error={missing ? 'Please choose the member who gave this gift.' : undefined}
          />
        </div>
        <div className="modal-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={link.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={link.isPending}>
            {link.isPending ? 'Linking...' : 'Link to Member'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
