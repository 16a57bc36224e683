import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inKiswahili } from '../../test/kiswahili';
import { seed } from '../../test/site-data';
import { settingsQueries, fallbackSettings } from '../../lib/settings';
import { json, stubApi } from '../../test/api';
import { renderAt } from '../../test/render';
import { aboutQueries, type AboutLeader } from './api/queries';
import AboutPage from './AboutPage';

const pastor: AboutLeader = {
  id: 'p1',
  name: 'Samuel Langat',
  title: 'pastor',
  position: 'Senior Pastor',
  category: 'pastoral',
  bio: 'Serves the congregation.',
  specialties: [],
  display_order: 1,
};

const elderRuth: AboutLeader = {
  id: 'e1',
  name: 'Ruth Odhiambo',
  title: 'elder',
  position: 'Elder',
  position_sw: 'Mzee wa Kanisa',
  category: 'elder',
  bio: null,
  specialties: ['Visitation'],
  display_order: 2,
};

function render(path: string) {
  seed(settingsQueries.public, {
    ...fallbackSettings,
    aboutStatistics: { members: 1299, years: 45, ministries: 12, daughterChurches: 15, foundedYear: 1980, foundingMembers: 25 },
    status: 'ready',
  });
  seed(aboutQueries.leaders, [pastor, elderRuth]);
  renderAt(path, <AboutPage />);
}

describe('AboutPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the sections, the statistics and the fixed elders in English', () => {
    render('/about');
    expect(screen.getByRole('heading', { level: 1, name: 'About Our Church' })).toBeInTheDocument();
    expect(screen.getByText('1990s')).toBeInTheDocument();
    expect(screen.getByText('1,299')).toBeInTheDocument();
    expect(screen.getByText('Founded in 1980 with 25 members.')).toBeInTheDocument();
    const pastoral = screen.getByRole('heading', { name: 'Pastoral Team' }).closest<HTMLElement>('.leader-group')!;
    expect(within(pastoral).getByRole('list', { name: 'Specialties' })).toHaveTextContent('Church LeadershipService');
    expect(screen.getByRole('heading', { name: 'Elder John Mwita' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Contact\s*Elder John Mwita/ })).toBeInTheDocument();
  });

  it("titles every elder the same way: the database's and the fixed ones (issue 41)", () => {
    render('/about');
    expect(screen.getByRole('heading', { name: 'Pr. Samuel Langat' })).toBeInTheDocument();
    const elders = screen.getByRole('heading', { name: 'Church Elders' }).closest<HTMLElement>('.leader-group')!;
    const names = within(elders).getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(names).toEqual(['Elder Ruth Odhiambo', 'Elder John Mwita', 'Elder Agnes Wanjiru', 'Elder Samuel Kiprono', 'Elder Naomi Achieng']);
    // The avatar's initials come from the name, not the title.
    expect(within(elders).getByRole('heading', { name: 'Elder Ruth Odhiambo' }).closest('article')).toHaveTextContent(/^RO/);
  });

  it('titles them in Kiswahili on /sw/about, and tells the office the English title (issue 41)', async () => {
    await inKiswahili();
    const sent = stubApi({ 'POST /functions/v1/contact-message': () => json({ received: true, kind: 'message', delivery: 'queued' }, 201) });
    render('/sw/about');
    const wazee = screen.getByRole('heading', { name: 'Wazee wa Kanisa' }).closest<HTMLElement>('.leader-group')!;
    expect(within(wazee).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
      'Mzee Ruth Odhiambo', 'Mzee John Mwita', 'Mzee Agnes Wanjiru', 'Mzee Samuel Kiprono', 'Mzee Naomi Achieng',
    ]);
    const ruth = within(wazee).getByRole('heading', { name: 'Mzee Ruth Odhiambo' }).closest('article')!;
    fireEvent.click(within(ruth).getByRole('button', { name: /^Wasiliana\s*Mzee Ruth Odhiambo/ }));
    const dialog = screen.getByRole('dialog', { name: 'Wasiliana na Mzee Ruth Odhiambo' });
    expect(dialog).toHaveTextContent('Kwa: Mzee Ruth Odhiambo, Mzee wa Kanisa');
    for (const [label, value] of [
      ['Jina Kamili *', 'Wanjiku Kamau'],
      ['Barua Pepe *', 'wanjiku@example.org'],
      ['Mada *', 'Ziara'],
      ['Ujumbe *', 'Tafadhali mtembelee mama yangu.'],
    ] as const) {
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tuma Ujumbe' }));
    await within(dialog).findByRole('status');
    // The office reads the English title and position.
    expect(sent.find((request) => request.path === '/functions/v1/contact-message')?.body).toMatchObject({
      recipientName: 'Elder Ruth Odhiambo',
      recipientRole: 'Elder',
    });
  });

  it('is in Kiswahili on /sw/about, and a fixed elder is still written to by his English title and role', async () => {
    await inKiswahili();
    const sent = stubApi({ 'POST /functions/v1/contact-message': () => json({ received: true, kind: 'message', delivery: 'queued' }, 201) });
    render('/sw/about');
    expect(screen.getByRole('heading', { level: 1, name: 'Kuhusu Kanisa Letu' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Utume na Maono Yetu' })).toBeInTheDocument();
    expect(screen.getByText('Miaka ya 1990')).toBeInTheDocument();
    expect(screen.getByText('Lilianzishwa mwaka 1980 likiwa na washiriki 25.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Maandiko Matakatifu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tazama Huduma' })).toHaveAttribute('href', '/sw/ministries');
    // Content stays as entered; the title is translated (issue 41).
    expect(screen.getByRole('heading', { name: 'Mchungaji Samuel Langat' })).toBeInTheDocument();
    expect(screen.getByText('Senior Pastor')).toBeInTheDocument();
    const pastoral = screen.getByRole('heading', { name: 'Timu ya Wachungaji' }).closest<HTMLElement>('.leader-group')!;
    expect(within(pastoral).getByRole('list', { name: 'Maeneo ya huduma' })).toHaveTextContent('Uongozi wa KanisaHuduma');

    const elder = screen.getByRole('heading', { name: 'Mzee John Mwita' }).closest('article')!;
    expect(elder).toHaveTextContent('Mzee, Shule ya Sabato');
    expect(elder).toHaveTextContent('JM');
    fireEvent.click(within(elder).getByRole('button', { name: /^Wasiliana\s*Mzee John Mwita/ }));
    const dialog = screen.getByRole('dialog', { name: 'Wasiliana na Mzee John Mwita' });
    expect(dialog).toHaveTextContent('Kwa: Mzee John Mwita, Mzee, Shule ya Sabato');
    for (const [label, value] of [
      ['Jina Kamili *', 'Wanjiku Kamau'],
      ['Barua Pepe *', 'wanjiku@example.org'],
      ['Mada *', 'Darasa la ubatizo'],
      ['Ujumbe *', 'Darasa lijalo linaanza lini?'],
    ] as const) {
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tuma Ujumbe' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Ujumbe wako umetumwa kwa Mzee John Mwita. Atakujibu kwa barua pepe.');
    expect(sent.find((request) => request.path === '/functions/v1/contact-message')?.body).toMatchObject({
      recipientName: 'Elder John Mwita',
      recipientRole: 'Elder, Sabbath School',
    });
  });
});
