import type { ServiceModes } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import { paymentProviderOf } from './service-modes';

const base = { email: { live: true }, sms: { live: true } };

describe('paymentProviderOf', () => {
  it('is Equity Bank, enabled and live before the service modes arrive', () => {
    expect(paymentProviderOf(undefined)).toEqual({
      provider: 'equity_bank',
      label: 'Equity Bank',
      title: 'Equity Bank Payment',
      simulated: false,
      enabled: true,
    });
  });

  it('names M-Pesa, and says when payments are simulated or giving is off', () => {
    const modes: ServiceModes = { ...base, payments: { live: false, source: 'none', provider: 'mpesa', label: 'M-Pesa', enabled: false } };
    expect(paymentProviderOf(modes)).toEqual({ provider: 'mpesa', label: 'M-Pesa', title: 'M-Pesa Payment', simulated: true, enabled: false });
  });

  it("reads an older server's answer (only `live`) with the defaults", () => {
    const old = { ...base, payments: { live: true } } as unknown as ServiceModes;
    expect(paymentProviderOf(old)).toMatchObject({ provider: 'equity_bank', label: 'Equity Bank', simulated: false, enabled: true });
    const mpesaWithoutLabel = { ...base, payments: { live: true, provider: 'mpesa', label: ' ' } } as unknown as ServiceModes;
    expect(paymentProviderOf(mpesaWithoutLabel).title).toBe('M-Pesa Payment');
  });
});
