import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import {
  defaultFilters,
  donationFromForm,
  donationTexts,
  donationToForm,
  donorName,
  emptyDonationForm,
  giftName,
  hasReceipt,
  isProviderGift,
  latestGiftDay,
  memberChoiceLabel,
  needsMemberLink,
  paidDonationFromForm,
  parseAmount,
  paymentSourceText,
  providerLabel,
  providerReceipt,
  readDonationTotals,
  reassignForm,
  reassignFromForm,
  reassignNote,
  reassignQuestion,
  refusalDetail,
  shownReceiptNo,
  sourceLabel,
  validateDonation,
  validateReassign,
  withRefusal,
  type Donation,
} from './donation-rules';
import { testGift } from './test-data';

/** Intl puts a no-break space after the currency: compared here as a plain space. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

const gift = testGift();

describe('labels', () => {
  it('names providers and sources', () => {
    expect([providerLabel('mpesa'), providerLabel('equity_bank'), sourceLabel('prompt'), sourceLabel('paybill')]).toEqual([
      'M-Pesa',
      'Equity Bank',
      'Online prompt',
      'Paybill',
    ]);
    // A prompt asked for from the USSD menu (issue 47).
    expect([sourceLabel('prompt', 'ussd'), sourceLabel('prompt', 'website'), sourceLabel('paybill', 'website')]).toEqual(['USSD prompt', 'Online prompt', 'Paybill']);
  });

  it('names the donor, or says Anonymous Donation (§5)', () => {
    expect(donorName(gift)).toBe('Mary Wanjiru');
    expect(donorName({ members: null })).toBe('Anonymous Donation');
    expect(memberChoiceLabel(gift.members!)).toBe('Mary Wanjiru (M-001)');
    expect(memberChoiceLabel({ first_name: 'John', last_name: 'Otieno', membership_number: null })).toBe('John Otieno');
    expect(plain(giftName(gift))).toBe('Ksh 1,500 from Mary Wanjiru on 21 Nov 2026');
  });
});

describe('days', () => {
  it('takes the default filter: the first of the month to today, all types (§7.5)', () => {
    expect(defaultFilters('2026-11-25')).toEqual({ type: '', from: '2026-11-01', to: '2026-11-25' });
  });
});

describe('the form (§5)', () => {
  it('opens with the spec defaults: anonymous, tithe, M-Pesa, today, unverified', () => {
    expect(emptyDonationForm('2026-11-25')).toEqual({
      member: null,
      amount: '',
      giving_type: 'tithe',
      payment_method: 'mpesa',
      giving_date: '2026-11-25',
      transaction_id: '',
      notes: '',
      is_verified: false,
    });
  });

  it('parses amounts as typed', () => {
    expect(parseAmount('1500')).toBe(1500);
    expect(parseAmount(' 1,500.50 ')).toBe(1500.5);
    expect(parseAmount('.5')).toBe(0.5);
    expect(parseAmount('-3')).toBe(-3);
    expect(parseAmount('12abc')).toBeUndefined();
    expect(parseAmount('')).toBeUndefined();
    expect(parseAmount('1e3')).toBeUndefined();
  });

  it('requires an amount that is a number of shillings, at least a cent, in cents; type, method and date', () => {
    const base = emptyDonationForm('2026-11-25');
    expect(validateDonation(base)).toEqual({ amount: donationTexts.amountRequired });
    expect(validateDonation({ ...base, amount: 'ten' }).amount).toBe(donationTexts.amountNumber);
    expect(validateDonation({ ...base, amount: '-1' }).amount).toBe(donationTexts.amountNegative);
    expect(validateDonation({ ...base, amount: '10.005' }).amount).toBe(donationTexts.amountCents);
    expect(validateDonation({ ...base, amount: '100000000000' }).amount).toBe(donationTexts.amountTooLarge);
    // Issue 31: an amount that rounds to nothing is no gift (the server stored 0.001 as 0.00).
    expect(validateDonation({ ...base, amount: '0' }).amount).toBe(donationTexts.amountTooSmall);
    expect(validateDonation({ ...base, amount: '0.00' }).amount).toBe(donationTexts.amountTooSmall);
    expect(validateDonation({ ...base, amount: '0.001' }).amount).toBe(donationTexts.amountCents);
    expect(validateDonation({ ...base, amount: '0.01' })).toEqual({});
    expect(validateDonation({ ...base, amount: '10.5' })).toEqual({});
    expect(validateDonation({ ...base, amount: '1', giving_type: '', payment_method: 'gold', giving_date: '' })).toEqual({
      giving_type: donationTexts.typeRequired,
      payment_method: donationTexts.methodRequired,
      giving_date: donationTexts.dateRequired,
    });
    expect(validateDonation({ ...base, amount: '1', giving_date: '2026-13-01' }).giving_date).toBe(donationTexts.dateInvalid);
  });

  it('takes dates from 1900 to a year from today, as the server does (issue 31: 1800 and 2999 were stored)', () => {
    const base = { ...emptyDonationForm('2026-11-25'), amount: '100' };
    const dateOf = (giving_date: string) => validateDonation({ ...base, giving_date }, false, '2026-11-25').giving_date;
    expect(dateOf('1800-01-01')).toBe(donationTexts.dateTooEarly);
    expect(dateOf('1899-12-31')).toBe(donationTexts.dateTooEarly);
    expect(dateOf('2999-01-01')).toBe(donationTexts.dateTooLate);
    expect(dateOf('2027-11-26')).toBe(donationTexts.dateTooLate);
    expect(dateOf('1900-01-01')).toBeUndefined();
    expect(dateOf('2027-11-25')).toBeUndefined();
    expect(latestGiftDay('2028-02-29')).toBe('2029-02-28');
    expect(latestGiftDay('2026-01-31')).toBe('2027-01-31');
  });

  it('checks nothing but notes of a gift from a payment', () => {
    const values = { ...donationToForm({ ...gift, payment_id: 'p1' }), amount: 'not checked', giving_date: '' };
    expect(validateDonation(values, true)).toEqual({});
  });

  it('writes the row: empty optional fields null, no member for an anonymous gift, the amount in cents', () => {
    expect(
      donationFromForm({ ...emptyDonationForm('2026-11-25'), amount: '1,250.5', transaction_id: '  ', notes: ' Harvest ' }),
    ).toEqual({
      member_id: null,
      amount: 1250.5,
      giving_type: 'tithe',
      payment_method: 'mpesa',
      giving_date: '2026-11-25',
      transaction_id: null,
      notes: 'Harvest',
      is_verified: false,
    });
    const form = donationToForm(gift);
    expect(form.member).toEqual({ id: 'm1', first_name: 'Mary', last_name: 'Wanjiru', membership_number: 'M-001' });
    expect(form.amount).toBe('1500.00');
    expect(donationFromForm(form)).toEqual({
      member_id: 'm1',
      amount: 1500,
      giving_type: 'tithe',
      payment_method: 'mpesa',
      giving_date: '2026-11-21',
      transaction_id: 'QWE123',
      notes: null,
      is_verified: true,
    });
  });

  it('sends only the notes of a gift from a payment: its member and type change by re-assignment', () => {
    const form = { ...donationToForm({ ...gift, payment_id: 'p1' }), giving_type: 'offering', member: null, notes: ' Envelope 12 ' };
    expect(paidDonationFromForm(form)).toEqual({ notes: 'Envelope 12' });
  });
});

describe('online and paybill gifts', () => {
  const paybill: Donation = {
    ...gift,
    member_id: null,
    members: null,
    payment_id: 'p1',
    transaction_id: 'TX-9',
    payment_logs: { payment_provider: 'mpesa', source: 'paybill', receipt_number: 'SFT4R2', phone_number: '2547****678', payer_name: 'JOHN' },
  };

  it('treats online, paybill and demo gifts as the record of their payment', () => {
    expect(isProviderGift(paybill)).toBe(true);
    const demo: Donation = { ...paybill, is_simulated: true, payment_method: 'equity_bank' };
    expect(isProviderGift(demo)).toBe(true);
    expect(isProviderGift(gift)).toBe(false);
  });

  it('re-assigns with a reason, and only when the member or type changes', () => {
    const values = reassignForm(paybill);
    expect(values).toEqual({ member: null, giving_type: 'tithe', reason: '' });
    expect(validateReassign(paybill, values, true)).toEqual({ member: donationTexts.memberRequired, reason: donationTexts.reasonRequired });
    expect(validateReassign(paybill, { ...values, reason: 'x' })).toEqual({ form: donationTexts.reassignNothing });
    expect(validateReassign(paybill, { ...values, reason: 'x'.repeat(501), giving_type: 'missions' })).toEqual({ reason: donationTexts.reasonTooLong });
    const john = { id: 'm2', first_name: 'John', last_name: 'Otieno', membership_number: 'M-002' };
    const chosen = { member: john, giving_type: 'offering', reason: ' His envelope ' };
    expect(validateReassign(paybill, chosen, true)).toEqual({});
    expect(reassignFromForm(paybill, chosen)).toEqual({ id: 'g1', memberId: 'm2', givingType: 'offering', reason: 'His envelope' });
    expect(plain(reassignQuestion(paybill, chosen))).toMatch(
      /^Ksh 1,500 on 21 Nov 2026: move it from Anonymous Donation to John Otieno and make it Offerings instead of Tithes\? /,
    );
    const matched = { ...paybill, member_id: 'm1', members: gift.members };
    expect(reassignForm(matched).member).toEqual({ id: 'm1', first_name: 'Mary', last_name: 'Wanjiru', membership_number: 'M-001' });
    expect(reassignFromForm(matched, { member: null, giving_type: 'tithe', reason: 'Not hers' }).memberId).toBeNull();
  });

  it('notes the last correction, on its day in Nairobi', () => {
    expect(reassignNote(gift)).toBeNull();
    expect(reassignNote({ reassigned_at: '2026-11-21T21:30:00Z', reassign_reason: 'Her envelope' })).toBe('Re-assigned on 22 Nov 2026: Her envelope');
  });

  it('offers Link to member only for an unmatched paybill gift', () => {
    expect(needsMemberLink(paybill)).toBe(true);
    expect(needsMemberLink({ ...paybill, member_id: 'm1' })).toBe(false);
    expect(needsMemberLink({ ...paybill, payment_logs: { ...paybill.payment_logs!, source: 'prompt' } })).toBe(false);
    expect(needsMemberLink(gift)).toBe(false);
  });

  it("shows the provider's receipt when it differs from the transaction id", () => {
    expect(providerReceipt(paybill)).toBe('SFT4R2');
    expect(providerReceipt({ ...paybill, transaction_id: 'SFT4R2' })).toBeNull();
    expect(providerReceipt(gift)).toBeNull();
  });

  it('has a receipt only when verified with a receipt number', () => {
    expect(hasReceipt(gift)).toBe(true);
    expect(hasReceipt({ ...gift, is_verified: false })).toBe(false);
    expect(hasReceipt({ ...gift, receipt_no: null })).toBe(false);
    expect(hasReceipt({ ...gift, is_simulated: true })).toBe(false);
    expect(shownReceiptNo({ ...gift, is_simulated: true })).toBeNull();
    expect(shownReceiptNo(gift)).toBe('2026-000042');
  });

  it('says where an online gift came from, naming the provider only when the method does not', () => {
    expect(paymentSourceText(paybill)).toBe('Paybill');
    expect(paymentSourceText({ ...paybill, payment_method: 'cash' })).toBe('M-Pesa · Paybill');
    expect(paymentSourceText(gift)).toBeNull();
  });
});

describe('totals', () => {
  it('reads one row of the function (numbers or numeric text) and refuses anything else', () => {
    const row = { gift_count: 3, total: 4500.5, verified_count: 2, verified_total: '4000.50', pending_count: 1, pending_total: 500, anonymous_total: 0 };
    expect(readDonationTotals([row])).toEqual({ ...row, verified_total: 4000.5 });
    expect(readDonationTotals(row).total).toBe(4500.5);
    expect(() => readDonationTotals([])).toThrow(KanisaError);
    expect(() => readDonationTotals([{ ...row, total: null }])).toThrow(expect.objectContaining({ details: 'total is not a number' }));
  });
});

describe('errors (§8)', () => {
  const guard = new KanisaError({
    code: '42501',
    message: 'An online or paybill gift keeps the amount, method and receipt its payment confirmed',
    status: 403,
  });

  it("adds the server's reason to the spec's words when it is a clear refusal", () => {
    expect(withRefusal(donationTexts.saveError, guard)).toBe(
      'Error saving donation. Please try again. An online or paybill gift keeps the amount, method and receipt its payment confirmed',
    );
    const duplicate = new KanisaError({
      code: '23505',
      message: 'duplicate key value violates unique constraint "giving_records_transaction_id_key"',
      details: 'Key (transaction_id)=(QWE123) already exists.',
      status: 409,
    });
    expect(refusalDetail(duplicate, ' QWE123 ')).toBe('Transaction ID QWE123 is already recorded on another gift.');
    expect(refusalDetail(new KanisaError({ code: '42501', message: 'permission denied for table giving_records', status: 403 }))).toBe(
      donationTexts.notAllowed,
    );
    // Issue 31: a provider's receipt entered by hand, and a paid gift that cannot be deleted.
    const reused = new KanisaError({ code: 'PT409', message: 'Transaction ID rkt4paid01 is the receipt of an online or paybill payment', status: 409 });
    expect(withRefusal(donationTexts.saveError, reused)).toBe(
      'Error saving donation. Please try again. Transaction ID rkt4paid01 is the receipt of an online or paybill payment',
    );
    const kept = new KanisaError({ code: '42501', message: 'An online or paybill gift cannot be deleted', status: 403 });
    expect(withRefusal(donationTexts.deleteError, kept)).toBe('Error deleting donation. Please try again. An online or paybill gift cannot be deleted');
    const tooSmall = new KanisaError({ code: '23514', message: 'The amount must be at least KES 0.01', status: 400 });
    expect(refusalDetail(tooSmall)).toBe('The amount must be at least KES 0.01');
  });

  it('keeps only the spec words for technical failures', () => {
    expect(withRefusal(donationTexts.deleteError, new KanisaError({ code: 'XX000', message: 'boom', status: 500 }))).toBe(donationTexts.deleteError);
    expect(withRefusal(donationTexts.deleteError, new Error('offline'))).toBe(donationTexts.deleteError);
  });
});
