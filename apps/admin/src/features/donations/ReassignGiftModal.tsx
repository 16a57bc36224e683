import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { errorDetail } from '../../components/ui/error-detail';
import { Modal } from '../../components/ui/Modal';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { formatKes, givingTypes } from '../../lib/giving';
import { useReassignGift } from './api/reassign-gift';
import {
  donationTexts,
  donorName,
  formatDay,
  MAX_REASON,
  memberName,
  needsMemberLink,
  providerLabel,
  reassignForm,
  reassignFromForm,
  reassignQuestion,
  validateReassign,
  withRefusal,
  type Donation,
  type ReassignErrors,
  type ReassignValues,
} from './donation-rules';
import { MemberPicker } from './MemberPicker';

interface Props {
  donation: Donation;
  onClose: () => void;
  /** The notice to show once re-assigned. */
  onDone: (notice: string) => void;
}

/**
 * Re-assigns a gift from a provider (online, paybill, demo) to the member who gave it, or
 * corrects its giving type: the member (none: anonymous), the type and a required reason, then
 * a confirmation naming both members before `reassign_gift` is called. Linking an unmatched
 * paybill gift is the same action. The server keeps the reason with the gift, shows it on the
 * member's statement and logs it; nothing else of the gift changes.
 */
export function ReassignGiftModal({ donation, onClose, onDone }: Props) {
  const reassign = useReassignGift();
  const [values, setValues] = useState<ReassignValues>(() => reassignForm(donation));
  const [errors, setErrors] = useState<ReassignErrors>({});
  const [confirming, setConfirming] = useState(false);
  const linking = needsMemberLink(donation);
  const payment = donation.payment_logs;
  const detail = errorDetail(reassign.error);
  const title = linking ? 'Link to Member' : 'Re-assign Gift';

  const change = (next: ReassignValues) => {
    setValues(next);
    if (Object.keys(errors).length > 0) setErrors({});
  };

  const review = () => {
    const found = validateReassign(donation, values, linking);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      reassign.reset();
      setConfirming(true);
    }
  };

  const submit = () => {
    if (reassign.isPending) return;
    reassign.mutate(reassignFromForm(donation, values), {
      onSuccess: () => {
        const to = values.member ? memberName(values.member) : donationTexts.anonymous;
        onDone(`The gift of ${formatKes(donation.amount)} was re-assigned to ${to}; the reason is recorded.`);
      },
      onError: (error) => {
        console.error('Re-assigning the gift failed', error);
      },
    });
  };

  return (
    <Modal title={title} onClose={onClose} busy={reassign.isPending}>
      <form
        noValidate
        aria-label={linking ? 'Link gift to member' : 'Re-assign gift'}
        onSubmit={(event) => {
          event.preventDefault();
          if (confirming) submit();
          else review();
        }}
      >
        <div className="modal-body">
          <p className="donation-note">
            {`A gift of ${formatKes(donation.amount)} on ${formatDay(donation.giving_date)} from ${donorName(donation)}`}
            {payment?.payer_name ? `, paid by ${payment.payer_name}` : ''}
            {payment?.phone_number ? ` (${payment.phone_number})` : ''}
            {payment ? ` through ${providerLabel(payment.payment_provider)}` : ''}
            {'. Its amount, date and receipt stay as the payment confirmed them.'}
          </p>
          {confirming ? (
            <>
              <p className="donation-confirm">
                {reassignQuestion(donation, values)}
              </p>
              <p className="donation-reason">{`Reason: ${values.reason.trim()}`}</p>
              {reassign.isError ? (
                <Alert>
                  {withRefusal(donationTexts.reassignError, reassign.error)}
                  {detail ? <span className="alert-detail">{detail}</span> : null}
                </Alert>
              ) : null}
            </>
          ) : (
            <>
              {errors.form ? <Alert>{errors.form}</Alert> : null}
              <MemberPicker
                label={linking ? 'Member *' : 'Member'}
                value={values.member}
                onChange={(member) => {
                  change({ ...values, member });
                }}
                hint={linking ? 'The member who gave this gift.' : 'Leave empty to make the gift anonymous.'}
                clearLabel={linking ? undefined : 'Make anonymous'}
                error={errors.member}
              />
              <SelectField
                label="Giving Type *"
                options={givingTypes}
                value={values.giving_type}
                error={errors.giving_type}
                onChange={(event) => {
                  change({ ...values, giving_type: event.target.value });
                }}
              />
              <TextAreaField
                label="Reason *"
                rows={3}
                maxLength={MAX_REASON}
                value={values.reason}
                error={errors.reason}
                hint="Kept with the gift, shown on the member’s giving statement and recorded in the activity log."
                onChange={(event) => {
                  change({ ...values, reason: event.target.value });
                }}
              />
            </>
          )}
        </div>
        <div className="modal-footer">
          {confirming ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={reassign.isPending}
              onClick={() => {
                setConfirming(false);
              }}
            >
              Back
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              Cancel
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={reassign.isPending}>
            {confirming ? (reassign.isPending ? 'Re-assigning...' : 'Confirm Re-assignment') : 'Continue'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
