import type { GivingType, PaymentStatus } from '@kanisa/client';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { TextField } from '../../components/ui/FormField';
import { Modal } from '../../components/ui/Modal';
import { provide, t } from '../../i18n';
import { usePaymentProvider } from '../../lib/service-modes';
import { DIALOG_QUICK_AMOUNTS, donorPhone, failureText, formatKes, givingTypeLabel, parseAmount, paymentTexts, validatePayment } from './payment';
import { usePaymentFlow, type PaymentFlow } from './payment-flow';
import { QuickAmounts } from './QuickAmounts';
import { giving as givingTexts } from '../../i18n/en/giving';

provide(givingTexts);


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
 * starts afresh each time (phone empty or the one given, the page's amount). The form shows while there is no
 * status or after a failure; otherwise a status panel. Closing it stops the status checks.
 *
 * @param onComplete called instead of `onClose` once the payment has completed.
 */
export function PaymentDialog({
  amount,
  givingType,
  phone = '',
  onClose,
  onComplete,
}: {
  amount: string;
  givingType: GivingType;
  /** The number filled in (the member portal's: the register's). */
  phone?: string;
  onClose: () => void;
  onComplete: (payment: PaymentStatus) => void;
}) {
  const provider = usePaymentProvider();
  const { flow, pay, edited } = usePaymentFlow();
  const [values, setValues] = useState({ phone, amount });
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
  const typeLabel = givingTypeLabel(givingType);

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
    const phone = donorPhone(values.phone);
    if (Object.keys(checks).length || whole === null || phone === null) return;
    pay({ phone, amount: whole, givingType });
  };

  const blur = (field: Field) => () => {
    setTouched((current) => ({ ...current, [field]: true }));
  };

  return (
    <Modal open onClose={close} title={t('giving.dialogTitle', { provider: label })} size="small">
      <div className="payment-dialog">
        {simulated ? (
          <p className="form-note" role="note">
            {t('giving.demoNote')}
          </p>
        ) : null}
        <p className="payment-for">
          {t('giving.givingFor')} <strong>{typeLabel}</strong>
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
          <form ref={form} className="payment-form" noValidate aria-label={t('giving.paymentDetails')} onSubmit={onSubmit}>
            {flow.phase === 'failed' && flow.error ? (
              <div className="form-alert" role="alert" tabIndex={-1}>
                <p>{failureText(flow.error)}</p>
              </div>
            ) : null}
            <p className="payment-hint">{t('giving.phoneHint')}</p>
            <TextField
              id={`${id}-phone`}
              label={t('giving.phoneLabel')}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={t('giving.phonePlaceholder')}
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
              label={t('giving.amountLabel')}
              name="amount"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('giving.amountPlaceholder')}
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
                {t('giving.cancel')}
              </button>
              <button type="submit" className="button button-give" disabled={initiating || Object.keys(checks).length > 0} aria-busy={initiating}>
                {initiating ? (
                  <>
                    <span className="payment-spinner" aria-hidden="true" />
                    {t('giving.processing')}
                  </>
                ) : (
                  t('giving.payNow')
                )}
              </button>
            </div>
          </form>
        ) : (
          <div ref={panel} className="payment-panel" tabIndex={-1}>
            {flow.phase === 'pending' ? (
              <p className="payment-hint">
                <span className="payment-spinner" aria-hidden="true" /> {t('giving.checkPhone', { amount: formatKes(flow.payment.amount) })}
              </p>
            ) : null}
            {flow.phase === 'completed' ? (
              <dl className="payment-receipt">
                <div>
                  <dt>{t('giving.amount')}</dt>
                  <dd>{t('giving.kesAmount', { amount: formatKes(flow.payment.amount) })}</dd>
                </div>
                {flow.payment.receipt ? (
                  <div>
                    <dt>{t('giving.receipt')}</dt>
                    <dd>{flow.payment.receipt}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>{t('giving.reference')}</dt>
                  <dd>{flow.payment.reference}</dd>
                </div>
              </dl>
            ) : null}
            <div className="form-actions">
              {flow.phase === 'completed' ? (
                <button type="button" className="button" onClick={close}>
                  {t('giving.paymentComplete')}
                </button>
              ) : (
                <button type="button" className="button button-outline" data-testid="payment-close" onClick={close}>
                  {t('giving.close')}
                </button>
              )}
            </div>
          </div>
        )}
      </div>
    </Modal>
  );
}
