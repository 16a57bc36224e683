import type { GivingType, PaymentStatus } from '@kanisa/client';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { TextField } from '../../components/ui/FormField';
import { Modal } from '../../components/ui/Modal';
import { usePaymentProvider } from '../../lib/service-modes';
import { DIALOG_QUICK_AMOUNTS, compactPhone, failureText, formatKes, givingTypes, parseAmount, paymentTexts, validatePayment } from './payment';
import { usePaymentFlow, type PaymentFlow } from './payment-flow';
import { QuickAmounts } from './QuickAmounts';

/** Shown in the dialog while the server says payments are simulated. */
export const DEMO_NOTE = 'Demo mode: no money will be taken.';

type Field = 'phone' | 'amount';

/** The status line for each state; empty while the form is ready or back after a failure. */
function statusText(flow: PaymentFlow, label: string): string {
  const texts = paymentTexts(label);
  switch (flow.phase) {
    case 'ready':
    case 'failed':
      return '';
    case 'unverified':
      return texts.unverified;
    default:
      return texts[flow.phase];
  }
}

/**
 * The payment dialog (public-site.md §2 "Payment dialog", §4, §5, §8). Mount it to open it: it
 * starts afresh each time (phone empty, the page's amount). The form shows while there is no
 * status or after a failure; otherwise a status panel. Closing it stops the status checks.
 *
 * @param onComplete called instead of `onClose` once the payment has completed.
 */
export function PaymentDialog({
  amount,
  givingType,
  onClose,
  onComplete,
}: {
  amount: string;
  givingType: GivingType;
  onClose: () => void;
  onComplete: (payment: PaymentStatus) => void;
}) {
  const provider = usePaymentProvider();
  const { flow, pay, edited } = usePaymentFlow();
  const [values, setValues] = useState({ phone: '', amount });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ phone: false, amount: false });
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const payment = 'payment' in flow ? flow.payment : null;
  const label = payment ? payment.providerLabel.trim() || provider.label : provider.label;
  const simulated = payment ? payment.simulated : provider.simulated;
  const initiating = flow.phase === 'initiating';
  const showForm = flow.phase === 'ready' || flow.phase === 'failed' || initiating;
  const checks = validatePayment(values);
  const serverErrors = flow.phase === 'failed' ? flow.fields : {};
  const errorOf = (field: Field) => (touched[field] ? checks[field] : undefined) ?? serverErrors[field];
  const typeLabel = givingTypes.find((type) => type.value === givingType)?.label ?? givingType;

  const close = () => {
    if (flow.phase === 'completed') onComplete(flow.payment);
    else onClose();
  };

  // Focus follows the state: the panel when it replaces the form, the first field to fix (or
  // the failure alert) when the form comes back refused.
  useEffect(() => {
    if (flow.phase === 'failed') {
      const target = form.current?.querySelector<HTMLElement>('.form-alert') ?? form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      target?.focus();
    } else if (flow.phase !== 'ready' && flow.phase !== 'initiating') {
      panel.current?.focus();
    }
  }, [flow]);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    edited(field);
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ phone: true, amount: true });
    const whole = parseAmount(values.amount);
    if (Object.keys(checks).length || whole === null) return;
    pay({ phone: compactPhone(values.phone), amount: whole, givingType });
  };

  const blur = (field: Field) => () => {
    setTouched((current) => ({ ...current, [field]: true }));
  };

  return (
    <Modal open onClose={close} title={`${label} Payment`} size="small">
      <div className="payment-dialog">
        {simulated ? (
          <p className="form-note" role="note">
            {DEMO_NOTE}
          </p>
        ) : null}
        <p className="payment-for">
          Giving: <strong>{typeLabel}</strong>
        </p>
        <div
          role="status"
          aria-live="polite"
          aria-atomic="true"
          className={`payment-status payment-status-${flow.phase}`}
          data-phase={flow.phase}
        >
          {statusText(flow, label)}
        </div>

        {showForm ? (
          <form ref={form} className="payment-form" noValidate aria-label="Payment details" onSubmit={onSubmit}>
            {flow.phase === 'failed' && flow.error ? (
              <div className="form-alert" role="alert" tabIndex={-1}>
                <p>{failureText(flow.error)}</p>
              </div>
            ) : null}
            <p className="payment-hint">We will send a payment request to this phone. Enter your PIN on the phone to complete it.</p>
            <TextField
              id={`${id}-phone`}
              label="Phone Number"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="0712345678"
              required
              data-autofocus=""
              readOnly={initiating}
              value={values.phone}
              error={errorOf('phone')}
              onBlur={blur('phone')}
              onValue={(value) => {
                change('phone', value);
              }}
            />
            <TextField
              id={`${id}-amount`}
              label="Amount (KES)"
              name="amount"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="1000"
              required
              readOnly={initiating}
              value={values.amount}
              error={errorOf('amount')}
              onBlur={blur('amount')}
              onValue={(value) => {
                change('amount', value);
              }}
            />
            <QuickAmounts
              amounts={DIALOG_QUICK_AMOUNTS}
              value={values.amount}
              disabled={initiating}
              onPick={(value) => {
                change('amount', value);
                setTouched((current) => ({ ...current, amount: true }));
              }}
            />
            <div className="form-actions">
              <button type="button" className="button button-outline" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="button button-give" disabled={initiating || Object.keys(checks).length > 0} aria-busy={initiating}>
                {initiating ? (
                  <>
                    <span className="payment-spinner" aria-hidden="true" />
                    Processing...
                  </>
                ) : (
                  'Pay Now'
                )}
              </button>
            </div>
          </form>
        ) : (
          <div ref={panel} className="payment-panel" tabIndex={-1}>
            {flow.phase === 'pending' ? (
              <p className="payment-hint">
                <span className="payment-spinner" aria-hidden="true" /> Check your phone and enter your PIN to pay KES{' '}
                {formatKes(flow.payment.amount)}. This window updates by itself.
              </p>
            ) : null}
            {flow.phase === 'completed' ? (
              <dl className="payment-receipt">
                <div>
                  <dt>Amount</dt>
                  <dd>KES {formatKes(flow.payment.amount)}</dd>
                </div>
                {flow.payment.receipt ? (
                  <div>
                    <dt>Receipt</dt>
                    <dd>{flow.payment.receipt}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>Reference</dt>
                  <dd>{flow.payment.reference}</dd>
                </div>
              </dl>
            ) : null}
            <div className="form-actions">
              {flow.phase === 'completed' ? (
                <button type="button" className="button" onClick={close}>
                  Payment Complete
                </button>
              ) : (
                <button type="button" className="button button-outline" data-testid="payment-close" onClick={close}>
                  Close
                </button>
              )}
            </div>
          </div>
        )}
      </div>
    </Modal>
  );
}
