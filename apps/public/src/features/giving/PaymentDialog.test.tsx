import { KanisaError, type KanisaResult, type PaymentsClient, type PaymentStatus, type ServiceModes } from '@kanisa/client';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { seed, siteData } from '../../test/site-data';
import { serviceModeQueries } from '../../lib/service-modes';
import { stubApi } from '../../test/api';
import { phoneCases } from '../../test/phone-cases';
import { renderAt } from '../../test/render';
import { PaymentDialog } from './PaymentDialog';

const DEMO_NOTE = 'Demo mode: no money will be taken.';

const pending: PaymentStatus = {
  id: 'pay-1',
  status: 'pending',
  resultCode: '1037',
  resultDesc: null,
  amount: 1000,
  givingType: 'tithe',
  reference: 'KANISA_TIT_1760000000000_AB12CD',
  receipt: null,
  provider: 'equity_bank',
  providerLabel: 'Equity Bank',
  simulated: false,
  completedAt: null,
};

const ok = (payment: PaymentStatus, status = 200): KanisaResult<PaymentStatus> => ({ data: payment, error: null, status });
const refused = (status: number, body: unknown): KanisaResult<PaymentStatus> => ({ data: null, error: KanisaError.fromResponseBody(status, body), status });
const offline = (): KanisaResult<PaymentStatus> => ({ data: null, error: KanisaError.network(new TypeError('Failed to fetch')), status: 0 });

function modes(payments: Partial<ServiceModes['payments']> = {}): ServiceModes {
  return {
    email: { live: true },
    sms: { live: true },
    payments: { live: true, provider: 'equity_bank', label: 'Equity Bank', enabled: true, ...payments },
  };
}

/** Runs the fake clock forward, letting answers and React updates settle on the way. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function open(amount = '1000', givingType: 'tithe' | 'offering' | 'special' = 'tithe') {
  const onClose = vi.fn();
  const onComplete = vi.fn();
  const view = renderAt('/giving', <PaymentDialog amount={amount} givingType={givingType} onClose={onClose} onComplete={onComplete} />);
  const dialog = screen.getByRole('dialog');
  return { dialog, onClose, onComplete, view };
}

const phoneField = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Phone Number/);
const amountField = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Amount \(KES\)/);
const payButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Pay Now' });

function enterPhone(dialog: HTMLElement, phone = '0712 345 678') {
  fireEvent.change(phoneField(dialog), { target: { value: phone } });
}

/** Opens the dialog, pays, and lets the POST answer: the payment is then pending. */
async function startPending(amount = '1000') {
  const opened = open(amount);
  enterPhone(opened.dialog);
  fireEvent.click(payButton(opened.dialog));
  await advance(0);
  return opened;
}

describe('PaymentDialog', () => {
  let create: MockInstance<PaymentsClient['create']>;
  let get: MockInstance<PaymentsClient['get']>;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    stubApi();
    seed(serviceModeQueries.current, modes());
    create = vi.spyOn(siteData().client.functions.payments, 'create').mockResolvedValue(ok(pending, 201));
    get = vi.spyOn(siteData().client.functions.payments, 'get').mockResolvedValue(ok(pending));
  });

  it("is titled '{provider} Payment', starts with an empty phone and the page's amount, focus on the phone", () => {
    const { dialog } = open('2000');
    expect(dialog).toHaveAccessibleName('Equity Bank Payment');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(phoneField(dialog)).toHaveValue('');
    expect(phoneField(dialog)).toHaveFocus();
    expect(amountField(dialog)).toHaveValue('2000');
    expect(within(dialog).getByRole('button', { name: 'KES 2,000' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('group', { name: 'Quick amounts (KES)' }).querySelectorAll('button')).toHaveLength(6);
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
    expect(within(dialog).queryByRole('note')).not.toBeInTheDocument();
  });

  it('disables Pay until phone and amount are valid, and names the problem under the field once left', () => {
    const { dialog } = open('');
    expect(payButton(dialog)).toBeDisabled();

    enterPhone(dialog, '0812345678');
    fireEvent.blur(phoneField(dialog));
    expect(phoneField(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(phoneField(dialog)).toHaveAccessibleDescription('Please enter a valid Kenyan phone number (e.g., 0712345678)');

    enterPhone(dialog, '+254 712-345-678');
    expect(phoneField(dialog)).not.toHaveAttribute('aria-invalid');
    expect(payButton(dialog)).toBeDisabled();

    fireEvent.change(amountField(dialog), { target: { value: '0' } });
    fireEvent.blur(amountField(dialog));
    expect(amountField(dialog)).toHaveAccessibleDescription('Please enter a valid amount (minimum KES 1)');
    expect(payButton(dialog)).toBeDisabled();

    fireEvent.change(amountField(dialog), { target: { value: '12.5' } });
    expect(payButton(dialog)).toBeDisabled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'KES 20,000' }));
    expect(amountField(dialog)).toHaveValue('20000');
    expect(amountField(dialog)).not.toHaveAttribute('aria-invalid');
    expect(payButton(dialog)).toBeEnabled();
    expect(create).not.toHaveBeenCalled();
  });

  it('takes every number the server takes and refuses what it refuses (the shared phone table); (0712) 345.678 is sent as 254712345678', async () => {
    const { dialog } = open('500');
    fireEvent.blur(phoneField(dialog));
    for (const { input, msisdn } of phoneCases) {
      enterPhone(dialog, input);
      const name = JSON.stringify(input);
      if (msisdn) {
        expect(phoneField(dialog), name).not.toHaveAttribute('aria-invalid');
        expect(payButton(dialog), name).toBeEnabled();
      } else {
        expect(phoneField(dialog), name).toHaveAttribute('aria-invalid', 'true');
        expect(phoneField(dialog), name).toHaveAccessibleDescription('Please enter a valid Kenyan phone number (e.g., 0712345678)');
        expect(payButton(dialog), name).toBeDisabled();
      }
    }
    // Issue 43: the server always read this spelling; the form refused it.
    expect(phoneCases.find((c) => c.input === '(0712) 345.678')?.msisdn).toBe('254712345678');
    enterPhone(dialog, '(0712) 345.678');
    fireEvent.click(payButton(dialog));
    await advance(0);
    expect(create).toHaveBeenCalledExactlyOnceWith({ phone: '254712345678', amount: 500, givingType: 'tithe' });
  });

  it('initiating, pending, the first check after 3 s, then every 3 s, completed, Payment Complete', async () => {
    let answer: (result: KanisaResult<PaymentStatus>) => void = () => undefined;
    create.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const completed: PaymentStatus = { ...pending, status: 'completed', resultCode: '0', receipt: 'QJK4X2ABCD', completedAt: '2025-06-01T10:00:00Z' };
    get.mockResolvedValueOnce(ok(pending)).mockResolvedValueOnce(ok(completed));
    const { dialog, onComplete, onClose } = open('1000', 'offering');
    enterPhone(dialog, '0712 345-678');
    fireEvent.click(payButton(dialog));
    await advance(0);

    expect(create).toHaveBeenCalledExactlyOnceWith({ phone: '254712345678', amount: 1000, givingType: 'offering' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Initiating payment via Equity Bank...');
    const processing = within(dialog).getByRole('button', { name: 'Processing...' });
    expect(processing).toBeDisabled();
    expect(processing).toHaveAttribute('aria-busy', 'true');

    answer(ok(pending, 201));
    await advance(0);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Payment request sent to your phone...');
    expect(within(dialog).queryByLabelText(/^Phone Number/)).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('payment-close')).toHaveTextContent('Close');

    await advance(2999);
    expect(get).not.toHaveBeenCalled();
    await advance(1);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]?.[0]).toBe('pay-1');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Payment request sent to your phone...');
    await advance(2999);
    expect(get).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(get).toHaveBeenCalledTimes(2);

    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Payment completed successfully via Equity Bank! Thank you for your generous giving.',
    );
    expect(dialog).toHaveTextContent('QJK4X2ABCD');
    expect(within(dialog).queryByTestId('payment-close')).not.toBeInTheDocument();
    await advance(30_000);
    expect(get).toHaveBeenCalledTimes(2);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Payment Complete' }));
    expect(onComplete).toHaveBeenCalledExactlyOnceWith(completed);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('cancelled: the spec text and Close', async () => {
    get.mockResolvedValue(ok({ ...pending, status: 'cancelled', resultCode: '1032' }));
    const { dialog, onClose } = await startPending();
    await advance(3000);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Payment was cancelled. You can try again if needed.');
    expect(within(dialog).queryByRole('button', { name: 'Payment Complete' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByTestId('payment-close'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("failed: back to the form with the provider's reason (or the default), the values kept", async () => {
    get.mockResolvedValue(ok({ ...pending, status: 'failed', resultCode: '1', resultDesc: 'The balance is insufficient for the transaction.' }));
    const { dialog } = await startPending('1500');
    await advance(3000);
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Payment failed: The balance is insufficient for the transaction. Please try again or contact support.');
    expect(alert).toHaveFocus();
    expect(phoneField(dialog)).toHaveValue('0712 345 678');
    expect(amountField(dialog)).toHaveValue('1500');
    expect(payButton(dialog)).toBeEnabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('');

    // Trying again sends a new prompt; this one fails without a reason.
    get.mockResolvedValue(ok({ ...pending, status: 'failed', resultDesc: null }));
    fireEvent.click(payButton(dialog));
    await advance(3000);
    expect(create).toHaveBeenCalledTimes(2);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Payment failed: Payment was cancelled or failed. Please try again or contact support.');
  });

  it('expired: request timed out, with Close', async () => {
    get.mockResolvedValue(ok({ ...pending, status: 'expired' }));
    const { dialog } = await startPending();
    await advance(3000);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Payment request timed out. Please try again.');
    expect(within(dialog).getByTestId('payment-close')).toBeInTheDocument();
  });

  it('still pending after 30 checks: request timed out, and no 31st check', async () => {
    const { dialog } = await startPending();
    await advance(29 * 3000);
    expect(get).toHaveBeenCalledTimes(29);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Payment request sent to your phone...');
    await advance(3000);
    expect(get).toHaveBeenCalledTimes(30);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Payment request timed out. Please try again.');
    await advance(60_000);
    expect(get).toHaveBeenCalledTimes(30);
  });

  it('no answer to any of the 30 checks: verification timed out', async () => {
    get.mockResolvedValue(offline());
    const { dialog } = await startPending();
    await advance(29 * 3000);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Payment request sent to your phone...');
    await advance(3000);
    expect(get).toHaveBeenCalledTimes(30);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Payment verification timed out. Please contact support if money was deducted.');
    await advance(60_000);
    expect(get).toHaveBeenCalledTimes(30);
  });

  it('a network error on one check does not end the wait: the next answer counts', async () => {
    get.mockResolvedValueOnce(offline()).mockResolvedValueOnce(ok({ ...pending, status: 'completed' }));
    const { dialog } = await startPending();
    await advance(6000);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Payment completed successfully via Equity Bank!');
  });

  it('a status the page does not know keeps the checks going', async () => {
    get.mockResolvedValueOnce(ok({ ...pending, status: 'error' } as unknown as PaymentStatus)).mockResolvedValueOnce(ok({ ...pending, status: 'cancelled' }));
    const { dialog } = await startPending();
    await advance(3000);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Payment request sent to your phone...');
    await advance(3000);
    expect(get).toHaveBeenCalledTimes(2);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Payment was cancelled. You can try again if needed.');
  });

  it("a refused POST shows the failure alert with the server's message, without a doubled full stop", async () => {
    create.mockResolvedValue(refused(502, { code: 'provider_unavailable', message: 'Equity Bank service temporarily unavailable. Please try again later.' }));
    const { dialog } = open();
    enterPhone(dialog);
    fireEvent.click(payButton(dialog));
    await advance(0);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^Payment failed: Equity Bank service temporarily unavailable\. Please try again later\. Please try again or contact support\.$/,
    );
    expect(payButton(dialog)).toBeEnabled();
    expect(get).not.toHaveBeenCalled();

    create.mockResolvedValue(offline());
    fireEvent.click(payButton(dialog));
    await advance(0);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Payment failed: Could not reach the server. Check your internet connection and try again. Please try again or contact support.',
    );
  });

  it("shows the server's field messages under the fields, until the field is edited", async () => {
    create.mockResolvedValue(
      refused(400, {
        code: 'invalid_payment',
        message: 'Please enter a valid amount (minimum KES 1)',
        fields: { amount: 'The largest amount one payment can take is KES 250,000' },
      }),
    );
    const { dialog } = open('300000');
    enterPhone(dialog);
    fireEvent.click(payButton(dialog));
    await advance(0);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(amountField(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(amountField(dialog)).toHaveAccessibleDescription('The largest amount one payment can take is KES 250,000');
    expect(amountField(dialog)).toHaveFocus();
    fireEvent.change(amountField(dialog), { target: { value: '250000' } });
    expect(amountField(dialog)).not.toHaveAttribute('aria-invalid');
  });

  it('with M-Pesa as provider, every text names M-Pesa; in demo mode a note says no money is taken', async () => {
    seed(serviceModeQueries.current, modes({ provider: 'mpesa', label: 'M-Pesa', live: false }));
    const mpesa: PaymentStatus = { ...pending, provider: 'mpesa', providerLabel: 'M-Pesa', simulated: true };
    let answer: (result: KanisaResult<PaymentStatus>) => void = () => undefined;
    create.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    get.mockResolvedValue(ok({ ...mpesa, status: 'completed' }));
    const { dialog } = open();
    expect(dialog).toHaveAccessibleName('M-Pesa Payment');
    expect(within(dialog).getByRole('note')).toHaveTextContent(DEMO_NOTE);
    enterPhone(dialog);
    fireEvent.click(payButton(dialog));
    await advance(0);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Initiating payment via M-Pesa...');
    answer(ok(mpesa, 201));
    await advance(3000);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Payment completed successfully via M-Pesa! Thank you for your generous giving.');
    expect(dialog).not.toHaveTextContent('Equity Bank');
  });

  it('closing while pending stops the checks', async () => {
    const { dialog, view, onClose } = await startPending();
    await advance(3000);
    expect(get).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    expect(dialog).toBeInTheDocument();
    view.unmount();
    await advance(60_000);
    expect(get).toHaveBeenCalledTimes(1);
  });
});
