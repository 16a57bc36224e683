import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inKiswahili } from '../../test/kiswahili';
import { queuedForms } from '../../lib/outbox';
import { seed } from '../../test/site-data';
import { serviceModeQueries } from '../../lib/service-modes';
import { settingsQueries, fallbackSettings } from '../../lib/settings';
import { json, stubApi } from '../../test/api';
import { renderAt } from '../../test/render';
import SubmissionsPage from './SubmissionsPage';

const DEMO_BANNER = 'Demo Mode: Email service not configured. Submissions will be logged but not sent.';

const received = () => json({ received: true, kind: 'message', delivery: 'simulated' }, 201);

function openCategory(title: string) {
  renderAt('/submissions', <SubmissionsPage />);
  fireEvent.click(screen.getByRole('button', { name: `Start Request: ${title}` }));
  return screen.getByRole('dialog', { name: title });
}

function fill(dialog: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

function fillSender(dialog: HTMLElement) {
  fill(dialog, /^Full Name/, 'Ruth Atieno');
  fill(dialog, /^Email Address/, 'ruth@example.org');
  fill(dialog, /^Subject/, 'Leaking roof');
}

describe('SubmissionsPage', () => {
  beforeEach(() => {
    seed(settingsQueries.public, { ...fallbackSettings, phone: '0712 000 111', status: 'ready' });
    seed(serviceModeQueries.current, { email: { live: false }, sms: { live: false }, payments: { live: false, provider: 'equity_bank', label: 'Equity Bank', enabled: true } });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows How It Works, the seven categories, Important Information and the demo banner', () => {
    renderAt('/submissions', <SubmissionsPage />);
    expect(screen.getByRole('note')).toHaveTextContent(DEMO_BANNER);
    expect(screen.getByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).slice(3).map((heading) => heading.textContent)).toEqual([
      'Prayer Request',
      'Visitation Request',
      'Department Report',
      'Counseling Request',
      'Event Proposal',
      'Maintenance Request',
      'General Request',
    ]);
    const important = screen.getByRole('heading', { name: 'Important Information' }).closest('section')!;
    expect(important).toHaveTextContent('confidential');
    expect(important).toHaveTextContent('24-48 hours');
    expect(within(important).getByRole('link', { name: '0712 000 111' })).toHaveAttribute('href', 'tel:0712000111');
  });

  it('has no demo banner when e-mail is live', () => {
    seed(serviceModeQueries.current, { email: { live: true }, sms: { live: false }, payments: { live: false, provider: 'equity_bank', label: 'Equity Bank', enabled: true } });
    renderAt('/submissions', <SubmissionsPage />);
    expect(screen.queryByText(DEMO_BANNER)).not.toBeInTheDocument();
  });

  it('refuses a form without its required fields, naming each beside its field', () => {
    const sent = stubApi();
    const dialog = openCategory('Prayer Request');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    const prayerType = within(dialog).getByLabelText(/^Prayer Type/);
    expect(prayerType).toHaveAttribute('aria-invalid', 'true');
    expect(prayerType).toHaveAccessibleDescription('Please choose a prayer type');
    expect(within(dialog).getByLabelText(/^Full Name/)).toHaveAccessibleDescription('Please enter your full name');
    expect(within(dialog).getByLabelText(/^Full Name/)).toHaveFocus();
    expect(within(dialog).getByText('Please enter a subject')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('anonymous disables name, e-mail and phone and hides the contact method', () => {
    const dialog = openCategory('General Request');
    expect(within(dialog).getByLabelText('Preferred Contact Method')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(within(dialog).getByText('Please enter your full name')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('Submit anonymously'));
    expect(within(dialog).queryByText('Please enter your full name')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Full Name/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Email Address/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Phone Number/)).toBeDisabled();
    expect(within(dialog).queryByLabelText('Preferred Contact Method')).not.toBeInTheDocument();
  });

  it("sends the form: 'Submitting...', the green message, 'Submitted', and the modal closes after 2.5 s", async () => {
    let answer: (response: Response) => void = () => undefined;
    const sent = stubApi({ 'POST /functions/v1/submit-request': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const dialog = openCategory('Counseling Request');
    fillSender(dialog);
    fireEvent.change(within(dialog).getByLabelText(/^Type of Counseling/), { target: { value: 'grief' } });
    fireEvent.change(within(dialog).getByLabelText('How Soon'), { target: { value: 'emergency' } });
    fill(dialog, /^What would you like/, 'I lost my father.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

    const submitting = await within(dialog).findByRole('button', { name: 'Submitting...' });
    expect(submitting).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(sent.find((request) => request.path === '/functions/v1/submit-request')?.body).toMatchObject({
      category: 'counseling',
      anonymous: false,
      name: 'Ruth Atieno',
      counselingType: 'grief',
      counselingUrgency: 'emergency',
      message: 'I lost my father.',
      attachments: [],
      website: '',
    });
    answer(received());
    expect(await within(dialog).findByRole('button', { name: 'Submitted' })).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('submitted successfully');
    await waitFor(
      () => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      },
      { timeout: 4000 },
    );
  });

  it("shows the server's refusal beside the fields and keeps the values for a retry", async () => {
    stubApi({
      'POST /functions/v1/submit-request': () =>
        json({ code: 'validation_failed', message: 'Please check the highlighted fields.', fields: { email: 'Please enter a valid email address' } }, 400),
    });
    const dialog = openCategory('General Request');
    fillSender(dialog);
    fill(dialog, /^Your Request/, 'Hello');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    expect(within(dialog).getByLabelText(/^Email Address/)).toHaveAccessibleDescription('Please enter a valid email address');
    expect(within(dialog).getByLabelText(/^Full Name/)).toHaveValue('Ruth Atieno');
    expect(within(dialog).getByRole('button', { name: 'Submit Request' })).toBeEnabled();
  });

  it('refuses a photo over 5MB as soon as it is chosen, and uploads nothing', () => {
    const sent = stubApi();
    const dialog = openCategory('Maintenance Request');
    const photo = new File(['x'], 'roof.jpg', { type: 'image/jpeg' });
    Object.defineProperty(photo, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(within(dialog).getByLabelText(/^Photos of the Problem/), { target: { files: [photo] } });
    expect(within(dialog).getByText("File 'roof.jpg' is too large. Maximum size is 5MB.")).toBeInTheDocument();
    fillSender(dialog);
    fireEvent.change(within(dialog).getByLabelText(/^Location/), { target: { value: 'kitchen' } });
    fill(dialog, /^Describe the Problem/, 'Water everywhere');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('uploads the photos first, then sends their paths', async () => {
    const sent = stubApi({
      'POST /storage/v1/object/church-files/maintenance/': () => json({ Id: 'o1', Key: 'church-files/maintenance/1732450000000-abcdefghijkl.png' }),
      'POST /functions/v1/submit-request': received,
    });
    const dialog = openCategory('Maintenance Request');
    fillSender(dialog);
    fireEvent.change(within(dialog).getByLabelText(/^Location/), { target: { value: 'kitchen' } });
    fireEvent.change(within(dialog).getByLabelText('Priority'), { target: { value: 'urgent' } });
    fill(dialog, /^Describe the Problem/, 'Water everywhere');
    const photo = new File(['png'], 'leak.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText(/^Photos of the Problem/), { target: { files: [photo] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await within(dialog).findByRole('button', { name: 'Submitted' });
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/storage/v1/object/church-files/maintenance/leak.png',
      '/functions/v1/submit-request',
    ]);
    expect(sent.at(-1)?.body).toMatchObject({
      category: 'maintenance',
      maintenanceLocation: 'kitchen',
      maintenancePriority: 'urgent',
      attachments: [{ path: 'maintenance/1732450000000-abcdefghijkl.png', name: 'leak.png' }],
    });
  });

  it("an upload failure says which file and why, and nothing is submitted", async () => {
    const sent = stubApi({
      'POST /storage/v1/object/': () => json({ statusCode: '415', error: 'invalid_mime_type', message: 'The file is not what its name says' }, 415),
    });
    const dialog = openCategory('Department Report');
    fillSender(dialog);
    fireEvent.change(within(dialog).getByLabelText(/^Department \*/), { target: { value: 'youth' } });
    fireEvent.change(within(dialog).getByLabelText(/^Report Type/), { target: { value: 'monthly' } });
    fill(dialog, /^Report Period/, 'March 2026');
    fill(dialog, /^Summary/, 'Attached');
    fireEvent.change(within(dialog).getByLabelText(/^Attach Reports/), { target: { files: [new File(['x'], 'report.pdf')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Failed to upload 'report.pdf': The file is not what its name says");
    expect(within(dialog).getByLabelText(/^Attach Reports/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent.some((request) => request.path === '/functions/v1/submit-request')).toBe(false);
  });

  it('an upload over the public upload limits says the server\'s reason and when to try again', async () => {
    const reason = 'Files from your connection are limited to 20 an hour, and that many have been uploaded. Please try again in 40 minutes, or call the church office.';
    const sent = stubApi({
      'POST /storage/v1/object/': () => limitedUpload({ statusCode: '429', code: 'TooManyRequests', error: 'Too Many Requests', message: reason }),
    });
    const dialog = openReport();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Failed to upload 'report.pdf': ${reason}`);
    expect(within(dialog).getByLabelText(/^Attach Reports/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Submit Request' })).toBeEnabled();
    expect(sent.some((request) => request.path === '/functions/v1/submit-request')).toBe(false);
  });

  it('a 429 without the server\'s reason (a proxy\'s page) is said in the site\'s words, not as a raw error', async () => {
    stubApi({
      'POST /storage/v1/object/': () => new Response('<html><body>429 Too Many Requests</body></html>', { status: 429, headers: { 'content-type': 'text/html' } }),
    });
    const dialog = openReport();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent("Failed to upload 'report.pdf': The site is not taking more files just now. Please try again later, or call the church office.");
    expect(alert).not.toHaveTextContent('HTTP 429');
  });
});

/** A 429 from the storage API: its envelope, with Retry-After. */
function limitedUpload(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '2400' } });
}

/** A Department Report filled in with one file, sent. */
function openReport() {
  const dialog = openCategory('Department Report');
  fillSender(dialog);
  fireEvent.change(within(dialog).getByLabelText(/^Department \*/), { target: { value: 'youth' } });
  fireEvent.change(within(dialog).getByLabelText(/^Report Type/), { target: { value: 'monthly' } });
  fill(dialog, /^Report Period/, 'March 2026');
  fill(dialog, /^Summary/, 'Attached');
  fireEvent.change(within(dialog).getByLabelText(/^Attach Reports/), { target: { files: [new File(['%PDF-1.4'], 'report.pdf')] } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
  return dialog;
}

describe('SubmissionsPage in Kiswahili', () => {
  beforeEach(async () => {
    await inKiswahili();
    localStorage.clear();
    seed(settingsQueries.public, { ...fallbackSettings, phone: '0712 000 111', status: 'ready' });
    seed(serviceModeQueries.current, { email: { live: false }, sms: { live: false }, payments: { live: false, provider: 'equity_bank', label: 'Equity Bank', enabled: true } });
  });

  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  function openSw(title: string) {
    renderAt('/sw/submissions', <SubmissionsPage />);
    fireEvent.click(screen.getByRole('button', { name: `Anza Ombi: ${title}` }));
    return screen.getByRole('dialog', { name: title });
  }

  it('shows the page, the categories and the demo banner in Kiswahili', () => {
    renderAt('/sw/submissions', <SubmissionsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tuma Ombi' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Hali ya Majaribio: Huduma ya barua pepe haijawekwa.');
    expect(screen.getAllByRole('heading', { level: 3 }).slice(3).map((heading) => heading.textContent)).toEqual([
      'Ombi la Maombi',
      'Ombi la Kutembelewa',
      'Ripoti ya Idara',
      'Ombi la Ushauri',
      'Pendekezo la Tukio',
      'Ombi la Matengenezo',
      'Ombi la Jumla',
    ]);
    const important = screen.getByRole('heading', { name: 'Taarifa Muhimu' }).closest('section')!;
    expect(important).toHaveTextContent('tafadhali piga simu ofisi ya kanisa kwa 0712 000 111 badala ya kutumia fomu hizi.');
  });

  it('labels, options and validation messages of a request form are in Kiswahili', () => {
    const sent = stubApi();
    const dialog = openSw('Ombi la Maombi');
    expect(within(dialog).getByRole('group', { name: 'Maelezo ya Ombi la Maombi' })).toBeInTheDocument();
    const prayerType = within(dialog).getByLabelText(/^Aina ya Maombi/);
    expect(within(prayerType).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Chagua…',
      'Afya na Uponyaji',
      'Familia na Mahusiano',
      'Mahitaji ya Kifedha',
      'Kukua Kiroho',
      'Shukrani na Sifa',
      'Kanisa na Huduma',
      'Jamii na Dunia',
      'Nyingine',
    ]);
    expect(within(dialog).getByLabelText('Faragha (mchungaji na timu ya maombi pekee)')).toBeChecked();
    expect(within(dialog).getByLabelText(/^Mada/)).toHaveAttribute('placeholder', 'mfano: Uponyaji kwa mama yangu');

    fireEvent.change(within(dialog).getByLabelText(/^Barua Pepe/), { target: { value: 'ruth@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tuma Ombi' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tafadhali angalia sehemu zilizowekwa alama.');
    expect(prayerType).toHaveAccessibleDescription('Tafadhali chagua aina ya maombi');
    expect(within(dialog).getByLabelText(/^Jina Kamili/)).toHaveAccessibleDescription('Tafadhali weka jina lako kamili');
    expect(within(dialog).getByLabelText(/^Barua Pepe/)).toHaveAccessibleDescription('Tafadhali weka barua pepe sahihi');
    expect(within(dialog).getByText('Tafadhali weka mada')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('an upload over the public upload limits is said in Kiswahili', async () => {
    stubApi({
      'POST /storage/v1/object/': () =>
        limitedUpload({ statusCode: '429', code: 'TooManyRequests', error: 'Too Many Requests', message: 'Files from your connection are limited to 20 an hour.' }),
    });
    const dialog = openSw('Ripoti ya Idara');
    fill(dialog, /^Jina Kamili/, 'Ruth Atieno');
    fill(dialog, /^Barua Pepe/, 'ruth@example.org');
    fill(dialog, /^Mada/, 'Ripoti ya vijana');
    fireEvent.change(within(dialog).getByLabelText(/^Idara \*/), { target: { value: 'youth' } });
    fireEvent.change(within(dialog).getByLabelText(/^Aina ya Ripoti/), { target: { value: 'monthly' } });
    fill(dialog, /^Kipindi cha Ripoti/, 'Machi 2026');
    fireEvent.change(dialog.querySelector('textarea[name="message"]')!, { target: { value: 'Imeambatishwa' } });
    fireEvent.change(within(dialog).getByLabelText(/^Ambatisha Ripoti/), { target: { files: [new File(['%PDF-1.4'], 'ripoti.pdf')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tuma Ombi' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Imeshindwa kupakia 'ripoti.pdf': Tovuti haipokei faili zaidi kwa sasa. Tafadhali jaribu tena baadaye, au piga simu ofisi ya kanisa.",
    );
  });

  it('a form sent offline is kept on the phone and says so in Kiswahili', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubApi();
    const dialog = openSw('Ombi la Maombi');
    fill(dialog, /^Jina Kamili/, 'Ruth Atieno');
    fill(dialog, /^Barua Pepe/, 'ruth@example.org');
    fill(dialog, /^Mada/, 'Uponyaji');
    fireEvent.change(within(dialog).getByLabelText(/^Aina ya Maombi/), { target: { value: 'health' } });
    fireEvent.change(dialog.querySelector('textarea[name="message"]')!, { target: { value: 'Tafadhali muombee mama yangu.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tuma Ombi' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Imehifadhiwa kwenye simu yako. Itatumwa utakaporudi mtandaoni.');
    expect(within(dialog).getByRole('button', { name: 'Imehifadhiwa' })).toBeDisabled();
    expect(queuedForms()).toMatchObject([{ label: 'ombi la maombi', body: { prayerType: 'health' } }]);
  });
});
