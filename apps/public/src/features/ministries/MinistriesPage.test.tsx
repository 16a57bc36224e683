import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inKiswahili } from '../../test/kiswahili';
import { seed } from '../../test/site-data';
import { renderAt } from '../../test/render';
import { ministryQueries, type LeaderRow, type MinistryRow } from './api/queries';
import MinistriesPage from './MinistriesPage';

const ministry: MinistryRow = {
  id: 'm1',
  name: 'Youth Ministry',
  category: 'age-groups',
  description: 'For young people.',
  leader: 'Old Name',
  leader_id: null,
  contact: 'old@example.org',
  phone: null,
  meeting_time: 'Friday 6:00 PM',
  location: 'Youth Hall',
  activities: ['Camps', 'Bible Study', 'Service', 'Music', 'Drama'],
  color: null,
  name_sw: null,
  description_sw: null,
  meeting_time_sw: null,
  location_sw: null,
  activities_sw: null,
};

function leader(index: number, category: LeaderRow['category'], position = `Position ${String(index)}`): LeaderRow {
  return { id: `l${String(index)}`, name: `Leader ${String(index)}`, title: null, position, position_sw: null, category, email: `l${String(index)}@example.org`, phone: null };
}

describe('MinistriesPage', () => {
  it("shows three chips and '+N more', overrides the leader and lists at most 8 ministry leaders", () => {
    seed(ministryQueries.active, [ministry]);
    seed(ministryQueries.leaders, [
      leader(1, 'elder'),
      leader(2, 'ministry', 'Youth Ministry Leader'),
      ...[3, 4, 5, 6, 7, 8, 9, 10, 11].map((index) => leader(index, index % 2 ? 'department' : 'pastoral')),
    ]);
    renderAt('/ministries', <MinistriesPage />);
    const card = screen.getByRole('heading', { name: 'Youth Ministry' }).closest('li') as HTMLElement;
    const chips = within(card).getByRole('list', { name: 'Activities of Youth Ministry' });
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Camps', 'Bible Study', 'Service', '+2 more']);
    expect(card).toHaveTextContent('Leader 2');
    expect(card).not.toHaveTextContent('Old Name');
    expect(card).toHaveTextContent('Age Groups');

    const leaders = document.querySelectorAll('.ministry-leader-card');
    expect(leaders).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Contact Leader 1' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Contact Leader 2' }));
    expect(screen.getByRole('dialog', { name: 'Contact Leader 2' })).toBeInTheDocument();
  });

  it('says it is loading the leaders until they arrive', () => {
    seed(ministryQueries.active, [ministry]);
    renderAt('/ministries', <MinistriesPage />);
    expect(screen.getByText('Loading ministry leaders...')).toBeInTheDocument();
  });

  it('is in Kiswahili on /sw/ministries, the ministries as entered', async () => {
    await inKiswahili();
    seed(ministryQueries.active, [ministry]);
    seed(ministryQueries.leaders, [leader(2, 'ministry', 'Youth Ministry Leader')]);
    renderAt('/sw/ministries', <MinistriesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Huduma' })).toBeInTheDocument();
    const card = screen.getByRole('heading', { name: 'Youth Ministry' }).closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Makundi ya Umri');
    expect(card).toHaveTextContent('Hukutana');
    // The meeting time's weekday and time words come from the catalogue.
    expect(card).toHaveTextContent('Ijumaa 18:00');
    expect(card).not.toHaveTextContent('Friday');
    const chips = within(card).getByRole('list', { name: 'Shughuli za Youth Ministry' });
    expect(within(chips).getAllByRole('listitem').at(-1)).toHaveTextContent('+2 zaidi');
    fireEvent.click(within(card).getByRole('button', { name: 'Soma Zaidi: Youth Ministry' }));
    expect(screen.getByRole('dialog', { name: 'Youth Ministry' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Wasiliana na Leader 2' }));
    expect(screen.getByRole('dialog', { name: 'Wasiliana na Leader 2' })).toHaveTextContent('Kwa: Leader 2, Youth Ministry Leader');
  });

  it("shows a ministry's and a leader's Kiswahili texts on /sw/ministries", async () => {
    await inKiswahili();
    seed(ministryQueries.active, [
      {
        ...ministry,
        name_sw: 'Huduma ya Vijana',
        description_sw: 'Kwa vijana.',
        meeting_time_sw: 'Kila Ijumaa jioni',
        location_sw: 'Ukumbi wa Vijana',
        activities_sw: ['Makambi', 'Kujifunza Biblia'],
      },
    ]);
    seed(ministryQueries.leaders, [{ ...leader(2, 'ministry', 'Youth Ministry Leader'), position_sw: 'Kiongozi wa Vijana' }]);
    renderAt('/sw/ministries', <MinistriesPage />);
    const card = screen.getByRole('heading', { name: 'Huduma ya Vijana' }).closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Kwa vijana.');
    expect(card).toHaveTextContent('Kila Ijumaa jioni');
    expect(card).toHaveTextContent('Ukumbi wa Vijana');
    const chips = within(card).getByRole('list', { name: 'Shughuli za Huduma ya Vijana' });
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Makambi', 'Kujifunza Biblia']);
    expect(card).not.toHaveTextContent('Youth Ministry');
    const leaderCard = screen.getByRole('heading', { name: 'Leader 2' }).closest('li') as HTMLElement;
    expect(leaderCard).toHaveTextContent('Kiongozi wa Vijana');
    fireEvent.click(screen.getByRole('button', { name: 'Wasiliana na Leader 2' }));
    expect(screen.getByRole('dialog', { name: 'Wasiliana na Leader 2' })).toHaveTextContent('Kwa: Leader 2, Kiongozi wa Vijana');
  });

  it('titles a leader in the visitor\'s language, on the card and on the ministry it leads (issue 41)', async () => {
    await inKiswahili();
    seed(ministryQueries.active, [ministry]);
    seed(ministryQueries.leaders, [{ ...leader(2, 'pastoral', 'Youth Ministry Leader'), name: 'Grace Mwangi', title: 'pastor' as const }]);
    renderAt('/sw/ministries', <MinistriesPage />);
    expect(screen.getByRole('heading', { name: 'Mchungaji Grace Mwangi' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Youth Ministry' }).closest('li')).toHaveTextContent('Mchungaji Grace Mwangi');
    fireEvent.click(screen.getByRole('button', { name: 'Wasiliana na Mchungaji Grace Mwangi' }));
    expect(screen.getByRole('dialog', { name: 'Wasiliana na Mchungaji Grace Mwangi' })).toBeInTheDocument();
  });
});
