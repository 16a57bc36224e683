import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inKiswahili } from '../../test/kiswahili';
import { seed } from '../../test/site-data';
import { renderAt } from '../../test/render';
import { departmentQueries, type DepartmentRow } from './api/queries';
import DepartmentsPage from './DepartmentsPage';

function department(id: string, name: string, category: DepartmentRow['category']): DepartmentRow {
  return {
    id,
    name,
    category,
    description: `${name} description`,
    head: `Head of ${name}`,
    contact: `${id}@example.org`,
    phone: null,
    responsibilities: [`Duty of ${name}`],
    color: null,
    name_sw: null,
    description_sw: null,
    responsibilities_sw: null,
  };
}

describe('DepartmentsPage', () => {
  it('filters by category and opens the Contact Department modal', () => {
    seed(departmentQueries.active, [
      department('d1', 'Treasury', 'administrative'),
      department('d2', 'Music', 'ministry'),
      department('d3', 'Communication', 'administrative'),
    ]);
    renderAt('/departments', <DepartmentsPage />);
    const names = () => within(screen.getByTestId('department-grid')).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names()).toEqual(['Treasury', 'Music', 'Communication']);
    fireEvent.click(screen.getByRole('button', { name: /^Administrative/ }));
    expect(names()).toEqual(['Treasury', 'Communication']);
    fireEvent.click(screen.getByRole('button', { name: /^Ministry/ }));
    expect(names()).toEqual(['Music']);
    expect(screen.getByText('Duty of Music')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Contact Department: Music' }));
    const dialog = screen.getByRole('dialog', { name: 'Contact Music' });
    expect(within(dialog).getByRole('button', { name: 'Send Message' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('To: Head of Music, Department Head, Music');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is in Kiswahili on /sw/departments, names and responsibilities as entered', async () => {
    await inKiswahili();
    seed(departmentQueries.active, [department('d1', 'Treasury', 'administrative'), department('d2', 'Music', 'ministry')]);
    renderAt('/sw/departments', <DepartmentsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Idara za Kanisa' })).toBeInTheDocument();
    const filters = screen.getByRole('group', { name: 'Chuja idara' });
    expect(within(filters).getAllByRole('button').map((button) => button.textContent)).toEqual(['Idara Zote (2)', 'Utawala (1)', 'Huduma (1)']);
    fireEvent.click(within(filters).getByRole('button', { name: /^Utawala/ }));
    const card = screen.getByRole('heading', { name: 'Treasury' }).closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Majukumu Makuu');
    expect(card).toHaveTextContent('Duty of Treasury');
    fireEvent.click(within(card).getByRole('button', { name: 'Wasiliana na Idara: Treasury' }));
    const dialog = screen.getByRole('dialog', { name: 'Wasiliana na Treasury' });
    expect(dialog).toHaveTextContent('Kwa: Head of Treasury, Mkuu wa Idara, Treasury');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tuma Ujumbe' }));
    expect(within(dialog).getByLabelText('Jina Kamili *')).toHaveAccessibleDescription('Tafadhali andika jina lako');
    expect(within(dialog).getByLabelText('Mada *')).toHaveAccessibleDescription('Tafadhali andika mada');
    expect(within(dialog).getByLabelText('Ujumbe *')).toHaveAccessibleDescription('Tafadhali andika ujumbe wako');
  });

  it("shows a department's Kiswahili texts on /sw/departments, and the English ones per field where there are none", async () => {
    await inKiswahili();
    seed(departmentQueries.active, [
      {
        ...department('d1', 'Treasury', 'administrative'),
        name_sw: 'Hazina',
        description_sw: 'Hupokea na kurekodi zaka na sadaka.',
        responsibilities_sw: ['Kupokea zaka na sadaka', 'Kuandaa taarifa za fedha'],
      },
      { ...department('d2', 'Music', 'ministry'), name_sw: 'Muziki' },
      { ...department('d3', 'Health', 'ministry'), name_sw: 'Afya', head: null },
    ]);
    renderAt('/sw/departments', <DepartmentsPage />);
    const names = within(screen.getByTestId('department-grid')).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['Hazina', 'Muziki', 'Afya']);
    const treasury = screen.getByRole('heading', { name: 'Hazina' }).closest('li') as HTMLElement;
    expect(treasury).toHaveTextContent('Hupokea na kurekodi zaka na sadaka.');
    expect(within(treasury).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Kupokea zaka na sadaka', 'Kuandaa taarifa za fedha']);
    expect(treasury).not.toHaveTextContent('Treasury description');
    const music = screen.getByRole('heading', { name: 'Muziki' }).closest('li') as HTMLElement;
    expect(music).toHaveTextContent('Music description');
    expect(music).toHaveTextContent('Duty of Music');
    // The contact form says who it goes to in Kiswahili: the department's name too (issue 32).
    fireEvent.click(within(music).getByRole('button', { name: 'Wasiliana na Idara: Muziki' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Kwa: Head of Music, Mkuu wa Idara, Muziki');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    const health = screen.getByRole('heading', { name: 'Afya' }).closest('li') as HTMLElement;
    fireEvent.click(within(health).getByRole('button', { name: 'Wasiliana na Idara: Afya' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Kwa: Afya, Mkuu wa Idara, Afya');
  });
});
