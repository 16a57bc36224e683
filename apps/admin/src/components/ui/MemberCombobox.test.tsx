import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { memberSearchApi, stubApi, testClient } from '../../test/render';
import { MemberCombobox, type MemberComboboxChoice } from './MemberCombobox';

const mary = { id: 'm1', first_name: 'Mary', last_name: 'Wanjiru', membership_number: 'M-001', is_active: true };
const john = { id: 'm2', first_name: 'John', last_name: 'Otieno', membership_number: null, is_active: true };

/** The members' search answers Mary alone for 'wanj', else both; the searches asked. */
function stubMembers() {
  const { searches, handlers } = memberSearchApi((args) => (args.search.includes('wanj') ? [mary] : [mary, john]));
  stubApi(handlers);
  return searches;
}

const label = (member: MemberComboboxChoice) => `${member.first_name} ${member.last_name}`;

/** A single-choice field as a form holds it; `onKeyDown` listens around it. */
function Single({ onChoose, onKeyDown }: { onChoose: (id: string) => void; onKeyDown?: () => void }) {
  const [chosen, setChosen] = useState<MemberComboboxChoice | null>(null);
  return (
    <div onKeyDown={onKeyDown}>
      <MemberCombobox
        label="Member"
        chosen={chosen}
        choiceLabel={label}
        onChoose={(member) => {
          onChoose(member.id);
          setChosen(member);
        }}
        clearLabel="Clear"
        onClear={() => {
          setChosen(null);
        }}
      />
    </div>
  );
}

function renderIn(ui: ReactElement) {
  return render(<AppProviders client={testClient()}>{ui}</AppProviders>);
}

describe('MemberCombobox', () => {
  it('searches active members on the server once the typing settles', async () => {
    const searches = stubMembers();
    renderIn(<Single onChoose={vi.fn()} />);
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: 'Member' });
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await user.type(field, 'wanj');
    await waitFor(() => {
      expect(screen.queryByRole('option', { name: /John Otieno/ })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('option', { name: /Mary Wanjiru/ })).toBeInTheDocument();
    expect(screen.getByText('1 member matches.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(searches.at(-1)).toEqual({ search: 'wanj', active_only: true, take: 20 });
  });

  it('arrows move through the matches and Enter chooses; a single choice stays in the field', async () => {
    stubMembers();
    const onChoose = vi.fn();
    renderIn(<Single onChoose={onChoose} />);
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: 'Member' });
    await user.type(field, 'o');
    await screen.findByRole('option', { name: /John Otieno/ });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /John Otieno/ })).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /John Otieno/ }).id);
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith('m2');
    expect(field).toHaveValue('John Otieno');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(field).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('Escape closes the list, puts the chosen member back and goes no further', async () => {
    stubMembers();
    const around = vi.fn();
    renderIn(<Single onChoose={vi.fn()} onKeyDown={around} />);
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: 'Member' });
    await user.type(field, 'wanj');
    await user.click(await screen.findByRole('option', { name: /Mary Wanjiru/ }));
    expect(field).toHaveValue('Mary Wanjiru');

    await user.clear(field);
    await user.type(field, 'jo');
    await screen.findByRole('option', { name: /John Otieno/ });
    around.mockClear();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveValue('Mary Wanjiru');
    expect(around).not.toHaveBeenCalled();
  });

  it('adding: taken members are marked and not chosen again, and a choice empties the field', async () => {
    stubMembers();
    const onChoose = vi.fn();
    renderIn(<MemberCombobox label="Add members" taken={new Set(['m1'])} onChoose={onChoose} />);
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: 'Add members' });
    await user.type(field, 'o');
    const taken = await screen.findByRole('option', { name: /Mary Wanjiru \(chosen\)/ });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    await user.click(taken);
    expect(onChoose).not.toHaveBeenCalled();
    expect(field).toHaveValue('');

    await user.type(field, 'o');
    await user.click(await screen.findByRole('option', { name: /John Otieno/ }));
    expect(onChoose).toHaveBeenCalledWith(john);
    expect(field).toHaveValue('');
  });
});
