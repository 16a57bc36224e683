import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inKiswahili } from '../../test/kiswahili';
import { queryClient } from '../../lib/query-client';
import { churchSettingsQuery, fallbackSettings } from '../../lib/settings';
import { json, stubApi } from '../../test/api';
import { renderAt } from '../../test/render';
import { aboutLeadersQuery, type AboutLeader } from './api/leaders';
import AboutPage from './AboutPage';

const pastor: AboutLeader = {
  id: 'p1',
  name: 'Pr. Samuel Langat',
  position: 'Senior Pastor',
  category: 'pastoral',
  bio: 'Serves the congregation.',
  specialties: [],
  display_order: 1,
};

function render(path: string) {
  queryClient.setQueryData(churchSettingsQuery.queryKey, {
    ...fallbackSettings,
    aboutStatistics: { members: 1299, years: 45, ministries: 12, daughterChurches: 15, foundedYear: 1980, foundingMembers: 25 },
    status: 'ready',
  });
  queryClient.setQueryData(aboutLeadersQuery.queryKey, [pastor]);
  renderAt(path, <AboutPage />);
}

describe('AboutPage', () => {
  afterEach(() => {
    queryClient.clear();
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
    // Content stays as entered.
    expect(screen.getByRole('heading', { name: 'Pr. Samuel Langat' })).toBeInTheDocument();
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
