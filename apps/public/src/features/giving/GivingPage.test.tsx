import type { KanisaResult, PaymentStatus, ServiceModes } from '@kanisa/client';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inKiswahili } from '../../test/kiswahili';
import { seed, siteData } from '../../test/site-data';
import { serviceModeQueries } from '../../lib/service-modes';
import { settingsQueries, fallbackSettings } from '../../lib/settings';
import { stubApi } from '../../test/api';
import { renderAt } from '../../test/render';
import GivingPage from './GivingPage';

const pending: PaymentStatus = {
  id: 'pay-9',
  status: 'pending',
  resultCode: '1037',
  resultDesc: null,
  amount: 2000,
  givingType: 'offering',
  reference: 'KANISA_OFF_1760000000000_ZX81QP',
  receipt: null,
  provider: 'equity_bank',
  providerLabel: 'Equity Bank',
  simulated: true,
  completedAt: null,
};

const ok = (payment: PaymentStatus, status = 200): KanisaResult<PaymentStatus> => ({ data: payment, error: null, status });

function modes(payments: Partial<ServiceModes['payments']> = {}): ServiceModes {
  return {
    email: { live: true },
    sms: { live: true },
    payments: { live: true, provider: 'equity_bank', label: 'Equity Bank', enabled: true, ...payments },
  };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const amountField = () => screen.getByLabelText(/^Amount \(KES\)/);
const typeField = () => screen.getByLabelText('Giving Type');
const giveButton = () => screen.getByRole('button', { name: 'Give Now' });

describe('GivingPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    stubApi();
    seed(settingsQueries.public, {
      ...fallbackSettings,
      name: 'Kanisa Central SDA Church',
      phone: '0712 000 111',
      paybillNumber: '247247',
      paybillAccount: 'TITHE',
      bankDetails: { bank: 'Equity Bank', branch: 'Nakuru', accountName: 'Kanisa Central SDA Church', accountNumber: '0123456789' },
      status: 'ready',
    });
    seed(serviceModeQueries.current, modes());
  });

  it('shows the verse, impact figures and cards, the donation form, How to Give from the settings and a thank-you', () => {
    renderAt('/giving', <GivingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Giving' })).toBeInTheDocument();
    expect(screen.getByText('2 Corinthians 9:7')).toBeInTheDocument();
    const impact = screen.getByRole('region', { name: 'Your Giving at Work' });
    expect(within(impact).getAllByRole('definition')).toHaveLength(4);
    expect(within(impact).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Community Outreach',
      'Youth Development',
      'Church Operations',
      'Global Missions',
    ]);

    const give = screen.getByRole('region', { name: 'Give Online' });
    expect(within(give).getByRole('group', { name: 'Quick amounts (KES)' }).querySelectorAll('button')).toHaveLength(5);
    expect(
      within(give)
        .getAllByRole('button', { name: /^KES / })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['KES 500', 'KES 1,000', 'KES 2,000', 'KES 5,000', 'KES 10,000']);
    expect(within(typeField()).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['tithe', 'Tithe'],
      ['offering', 'Offering'],
      ['special', 'Special Project'],
    ]);
    expect(typeField()).toHaveValue('tithe');

    const how = screen.getByRole('region', { name: 'How to Give' });
    expect(how).toHaveAttribute('id', 'how-to-give');
    expect(how).toHaveTextContent('247247');
    expect(how).toHaveTextContent('TITHE');
    expect(how).toHaveTextContent('Equity Bank, Nakuru');
    expect(how).toHaveTextContent('0123456789');
    expect(screen.getByRole('region', { name: 'Thank You' })).toHaveTextContent('Kanisa Central SDA Church');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts the donation form before the promotional figures and cards, so a phone shows it first (issue 32)', () => {
    renderAt('/giving', <GivingPage />);
    const give = screen.getByRole('region', { name: 'Give Online' });
    const impact = screen.getByRole('region', { name: 'Your Giving at Work' });
    expect(give.compareDocumentPosition(impact) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const sections = [...document.querySelectorAll('.giving-page > section')].map((section) => section.getAttribute('aria-labelledby'));
    expect(sections[0]).toBe('give-heading');
  });

  it('leaves out a How to Give block whose settings are empty, or only a sample account number (issue 32)', () => {
    seed(settingsQueries.public, {
      ...fallbackSettings,
      phone: '0712 000 111',
      paybillNumber: null,
      bankDetails: null,
      status: 'ready',
    });
    renderAt('/giving', <GivingPage />);
    const how = screen.getByRole('region', { name: 'How to Give' });
    expect(within(how).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Questions?']);
    expect(how).not.toHaveTextContent('Ask the church office');
  });

  it('asks for a valid amount before opening the payment dialog', () => {
    renderAt('/giving', <GivingPage />);
    fireEvent.click(giveButton());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(amountField()).toHaveAccessibleDescription('Please enter a valid amount (minimum KES 1)');
    expect(amountField()).toHaveFocus();
    fireEvent.change(amountField(), { target: { value: '750' } });
    expect(amountField()).not.toHaveAttribute('aria-invalid');
  });

  it('opens the dialog with the amount; it starts afresh each time it opens', () => {
    renderAt('/giving', <GivingPage />);
    fireEvent.click(screen.getByRole('button', { name: 'KES 5,000' }));
    giveButton().focus();
    fireEvent.click(giveButton());
    let dialog = screen.getByRole('dialog', { name: 'Equity Bank Payment' });
    expect(within(dialog).getByLabelText(/^Amount \(KES\)/)).toHaveValue('5000');
    fireEvent.change(within(dialog).getByLabelText(/^Phone Number/), { target: { value: '0712345678' } });
    fireEvent.change(within(dialog).getByLabelText(/^Amount \(KES\)/), { target: { value: '42' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(giveButton()).toHaveFocus();

    fireEvent.change(amountField(), { target: { value: '300' } });
    fireEvent.click(giveButton());
    dialog = screen.getByRole('dialog', { name: 'Equity Bank Payment' });
    expect(within(dialog).getByLabelText(/^Phone Number/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Amount \(KES\)/)).toHaveValue('300');
  });

  it('after a completed payment: amount cleared, type back to tithe, a thank-you toast for 5 s', async () => {
    const create = vi.spyOn(siteData().client.functions.payments, 'create').mockResolvedValue(ok(pending, 201));
    vi.spyOn(siteData().client.functions.payments, 'get').mockResolvedValue(ok({ ...pending, status: 'completed', receipt: 'QJK4X2ABCD' }));
    renderAt('/giving', <GivingPage />);
    fireEvent.click(screen.getByRole('button', { name: 'KES 2,000' }));
    fireEvent.change(typeField(), { target: { value: 'offering' } });
    fireEvent.click(giveButton());
    const dialog = screen.getByRole('dialog', { name: 'Equity Bank Payment' });
    fireEvent.change(within(dialog).getByLabelText(/^Phone Number/), { target: { value: '0712345678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    await advance(3000);
    expect(create).toHaveBeenCalledExactlyOnceWith({ phone: '254712345678', amount: 2000, givingType: 'offering' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Payment Complete' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(amountField()).toHaveValue('');
    expect(typeField()).toHaveValue('tithe');
    expect(screen.getByRole('status')).toHaveTextContent(/^Thank you for your generous offering of KES 2,000! /);
    await advance(4900);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await advance(100);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('closing a completed payment by the close button counts as completed too', async () => {
    vi.spyOn(siteData().client.functions.payments, 'create').mockResolvedValue(ok(pending, 201));
    vi.spyOn(siteData().client.functions.payments, 'get').mockResolvedValue(ok({ ...pending, amount: 1000, status: 'completed' }));
    renderAt('/giving', <GivingPage />);
    fireEvent.change(amountField(), { target: { value: '1000' } });
    fireEvent.click(giveButton());
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Phone Number/), { target: { value: '0712345678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    await advance(3000);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Thank you for your generous tithe of KES 1,000! /);
  });

  it('with online giving off there is no Pay button, only a pointer to How to Give', () => {
    seed(serviceModeQueries.current, modes({ enabled: false }));
    renderAt('/giving', <GivingPage />);
    expect(screen.queryByRole('button', { name: 'Give Now' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Amount/)).not.toBeInTheDocument();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Online giving is not available at the moment.');
    expect(within(note).getByRole('link', { name: 'see How to Give' })).toHaveAttribute('href', '/giving#how-to-give');
    expect(screen.getByRole('region', { name: 'How to Give' })).toHaveTextContent('247247');
  });

  it('the System Settings switch turns online giving off as well', () => {
    seed(settingsQueries.public, { ...fallbackSettings, enableOnlineGiving: false, status: 'ready' });
    renderAt('/giving', <GivingPage />);
    expect(screen.queryByRole('button', { name: 'Give Now' })).not.toBeInTheDocument();
  });

  it('names M-Pesa when it is the provider', () => {
    seed(serviceModeQueries.current, modes({ provider: 'mpesa', label: 'M-Pesa' }));
    renderAt('/giving', <GivingPage />);
    expect(screen.getByRole('region', { name: 'Give Online' })).toHaveTextContent('payment request from M-Pesa');
    fireEvent.change(amountField(), { target: { value: '100' } });
    fireEvent.click(giveButton());
    expect(screen.getByRole('dialog', { name: 'M-Pesa Payment' })).toBeInTheDocument();
  });
});

describe('GivingPage in Kiswahili', () => {
  beforeEach(async () => {
    await inKiswahili();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    stubApi();
    seed(settingsQueries.public, { ...fallbackSettings, name: 'Kanisa Central SDA Church', phone: '0712 000 111', status: 'ready' });
    seed(serviceModeQueries.current, modes({ provider: 'mpesa', label: 'M-Pesa' }));
  });

  it('offers the USSD code for any phone when settings hold one (issue 47), and none otherwise', () => {
    const { unmount } = renderAt('/sw/giving', <GivingPage />);
    expect(screen.queryByRole('heading', { name: 'Simu yoyote (USSD)' })).not.toBeInTheDocument();
    unmount();
    seed(settingsQueries.public, { ...fallbackSettings, ussdCode: '*384*1234#', status: 'ready' });
    renderAt('/sw/giving', <GivingPage />);
    expect(screen.getByRole('heading', { name: 'Simu yoyote (USSD)' })).toBeInTheDocument();
    expect(screen.getByText(/Piga \*384\*1234# kwenye simu yoyote/)).toBeInTheDocument();
  });

  it('shows the page, the giving types and the amount check in Kiswahili', () => {
    renderAt('/sw/giving', <GivingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Matoleo' })).toBeInTheDocument();
    expect(screen.getByText('2 Wakorintho 9:7')).toBeInTheDocument();
    const give = screen.getByRole('region', { name: 'Toa Mtandaoni' });
    expect(give).toHaveTextContent('Utapokea ombi la malipo kutoka M-Pesa kwenye simu yako');
    expect(within(give).getByRole('group', { name: 'Viwango vya haraka (KES)' })).toBeInTheDocument();
    const type = screen.getByLabelText('Aina ya Toleo');
    expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual(['Zaka', 'Sadaka', 'Mradi Maalum']);
    const how = screen.getByRole('region', { name: 'Jinsi ya Kutoa' });
    expect(how).not.toHaveTextContent('Paybill');
    expect(how).toHaveTextContent('Piga simu 0712 000 111.');
    expect(screen.getByRole('region', { name: 'Asante' })).toHaveTextContent('husaidia Kanisa Central SDA Church kueneza upendo wa Mungu');

    fireEvent.click(screen.getByRole('button', { name: 'Toa Sasa' }));
    expect(screen.getByLabelText(/^Kiasi \(KES\)/)).toHaveAccessibleDescription('Tafadhali weka kiasi sahihi (angalau KES 1)');
  });

  it('the payment dialog speaks Kiswahili: labels, the phone check, the status and the thank-you', async () => {
    vi.spyOn(siteData().client.functions.payments, 'create').mockResolvedValue(ok({ ...pending, provider: 'mpesa', providerLabel: 'M-Pesa' }, 201));
    vi.spyOn(siteData().client.functions.payments, 'get').mockResolvedValue(ok({ ...pending, provider: 'mpesa', providerLabel: 'M-Pesa', status: 'completed' }));
    renderAt('/sw/giving', <GivingPage />);
    fireEvent.click(screen.getByRole('button', { name: 'KES 2,000' }));
    fireEvent.change(screen.getByLabelText('Aina ya Toleo'), { target: { value: 'offering' } });
    fireEvent.click(screen.getByRole('button', { name: 'Toa Sasa' }));
    const dialog = screen.getByRole('dialog', { name: 'Malipo kwa M-Pesa' });
    expect(dialog).toHaveTextContent('Unatoa: Sadaka');
    const phone = within(dialog).getByLabelText(/^Namba ya Simu/);
    fireEvent.change(phone, { target: { value: '0812345678' } });
    fireEvent.blur(phone);
    expect(phone).toHaveAccessibleDescription('Tafadhali weka namba sahihi ya simu ya Kenya (mfano, 0712345678)');
    fireEvent.change(phone, { target: { value: '0712345678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lipa Sasa' }));
    await advance(0);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Ombi la malipo limetumwa kwenye simu yako...');
    await advance(3000);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Malipo yamekamilika kupitia M-Pesa!');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Malipo Yamekamilika' }));
    expect(screen.getByRole('status')).toHaveTextContent('Asante kwa sadaka yako ya KES 2,000! Mungu akubariki kwa wingi.');
  });

  it('without online giving, points to How to Give on the Kiswahili page', () => {
    seed(serviceModeQueries.current, modes({ enabled: false }));
    renderAt('/sw/giving', <GivingPage />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Kutoa mtandaoni hakupatikani kwa sasa.');
    expect(within(note).getByRole('link', { name: 'angalia Jinsi ya Kutoa' })).toHaveAttribute('href', '/sw/giving#how-to-give');
  });
});
