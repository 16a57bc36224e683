import { AmountField } from '../../components/ui/AmountField';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { FormModal } from '../../components/ui/FormModal';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useFormModal } from '../../components/ui/use-form-modal';
import { useAuth } from '../../lib/auth/auth-context';
import { formatKesCents, givingTypeLabel, givingTypes, paymentMethodLabel } from '../../lib/giving';
import { useSaveDonation, type SaveDonation } from './api/save-donation';
import {
  donationFromForm,
  donationTexts,
  donationToForm,
  donorName,
  emptyDonationForm,
  formatDay,
  isProviderGift,
  latestGiftDay,
  manualPaymentMethods,
  paidDonationFromForm,
  providerLabel,
  sourceLabel,
  validateDonation,
  withRefusal,
  type Donation,
} from './donation-rules';
import { MemberPicker } from './MemberPicker';

interface Props {
  /** The gift to edit; absent to record a new one. */
  donation?: Donation | undefined;
  onClose: () => void;
  /** The notice to show once saved. */
  onSaved: (notice: string) => void;
}

/**
 * Record or edit a gift (§2.11, §5). The member is optional (none: an anonymous donation). A
 * gift that came from an online prompt, the paybill or a demo payment is the record of that
 * payment (issue 31): everything but its notes is shown read-only and only the notes are sent;
 * its member and type change with Re-assign, with a reason. Nothing typed is lost when saving
 * fails: the dialog stays open.
 */
export function DonationFormModal({ donation, onClose, onSaved }: Props) {
  const { user } = useAuth();
  const save = useSaveDonation();
  const paid = donation ? isProviderGift(donation) : false;
  const form = useFormModal({
    initial: () => (donation ? donationToForm(donation) : emptyDonationForm()),
    validate: (values) => validateDonation(values, paid),
    save,
    toInput: (values): SaveDonation => {
      if (donation && paid) return { kind: 'paid', id: donation.id, values: paidDonationFromForm(values) };
      if (donation) return { kind: 'edit', id: donation.id, values: donationFromForm(values) };
      return { kind: 'new', values: donationFromForm(values), createdBy: user?.id };
    },
    onSaved: () => {
      onSaved(donation ? 'The donation was saved.' : 'The donation was recorded.');
    },
    failureLog: 'Saving the donation failed',
  });
  const { values, setValues, field } = form;
  const payment = donation?.payment_logs ?? null;

  // A method outside the hand-recorded ones (an online gift's) stays shown as it is.
  const methodOptions = manualPaymentMethods.some((method) => method.value === values.payment_method)
    ? manualPaymentMethods
    : [...manualPaymentMethods, { value: values.payment_method, label: paymentMethodLabel(values.payment_method) }];

  return (
    <FormModal
      title={donation ? 'Edit Donation' : 'Record Donation'}
      formLabel={donation ? 'Edit donation' : 'New donation'}
      form={form}
      saveError={save.error}
      saveErrorText={(error) => withRefusal(donationTexts.saveError, error, values.transaction_id)}
      submitLabel={donation ? 'Save Changes' : 'Record Donation'}
      onClose={onClose}
    >
      {donation && paid ? (
        <p className="span-2 donation-note">
          {donationTexts.paidNote(providerLabel(payment?.payment_provider), sourceLabel(payment?.source, payment?.channel))}
        </p>
      ) : null}
      {donation?.is_simulated ? <p className="span-2 donation-note">{donationTexts.demoNote}</p> : null}
      {donation && paid ? (
        <>
          <div className="span-2">
            <TextField label="Member" readOnly value={donorName(donation)} hint="To give it to another member, use Re-assign." />
          </div>
          <TextField label="Amount (KES)" readOnly value={formatKesCents(donation.amount)} />
          <TextField label="Payment Method" readOnly value={paymentMethodLabel(values.payment_method)} />
          <TextField label="Giving Type" readOnly value={givingTypeLabel(donation.giving_type)} />
          <TextField label="Date" readOnly value={formatDay(donation.giving_date)} />
        </>
      ) : (
        <>
          <div className="span-2">
            <MemberPicker
              label="Member"
              value={values.member}
              onChange={(member) => {
                setValues({ ...values, member });
              }}
              hint="Leave empty for an anonymous donation."
              clearLabel="Make anonymous"
            />
          </div>
          <AmountField label="Amount (KES) *" required {...field('amount')} />
          <SelectField label="Payment Method *" required options={methodOptions} {...field('payment_method')} />
          <SelectField label="Giving Type *" required options={givingTypes} {...field('giving_type')} />
          <TextField label="Date *" type="date" required min="1900-01-01" max={latestGiftDay()} {...field('giving_date')} />
        </>
      )}
      {paid ? (
        <>
          <TextField label="Transaction ID" readOnly value={values.transaction_id || '—'} />
          <TextField label="Provider Receipt" readOnly value={payment?.receipt_number ?? '—'} />
        </>
      ) : (
        <div className="span-2">
          <TextField
            label="Transaction ID"
            autoComplete="off"
            hint="The M-Pesa code, bank reference or cheque number, if any."
            {...field('transaction_id')}
          />
        </div>
      )}
      <div className="span-2">
        <TextAreaField label="Notes" rows={3} {...field('notes')} />
      </div>
      <div className="span-2">
        <CheckboxField
          label="Verified"
          hint={
            paid
              ? 'Set by the payment: an online or paybill gift is verified when its payment is confirmed.'
              : 'Verified gifts count in the totals and get a receipt number.'
          }
          checked={values.is_verified}
          disabled={paid}
          onChange={(event) => {
            setValues({ ...values, is_verified: event.target.checked });
          }}
        />
      </div>
    </FormModal>
  );
}
