import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './use-address-params';

function ViewChoice() {
  const [params, setParams] = useAddressParams();
  const location = useLocation();
  const navigate = useNavigate();
  const view = params.get('view') ?? 'one';
  return (
    <div>
      {(['one', 'all'] as const).map((choice) => (
        <label key={choice}>
          <input
            type="radio"
            name="view"
            checked={view === choice}
            onChange={() => {
              setParams((previous) => {
                const next = new URLSearchParams(previous);
                next.set('view', choice);
                return next;
              });
            }}
          />
          {choice}
        </label>
      ))}
      <output aria-label="address">{location.search}</output>
      <button
        type="button"
        onClick={() => {
          void navigate(-1);
        }}
      >
        Back
      </button>
    </div>
  );
}

describe('useAddressParams', () => {
  it('shows a clicked choice and puts it in the address, keeping the other parameters', () => {
    render(
      <MemoryRouter initialEntries={['/statements?from=2026-01-01']}>
        <ViewChoice />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'all' }));
    expect(screen.getByRole('radio', { name: 'all' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'one' })).not.toBeChecked();
    expect(screen.getByLabelText('address')).toHaveTextContent('?from=2026-01-01&view=all');
  });

  it('follows the address again when Back changes it', async () => {
    render(
      <MemoryRouter initialEntries={['/statements?view=one']}>
        <ViewChoice />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'all' }));
    expect(screen.getByRole('radio', { name: 'all' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('address')).toHaveTextContent('?view=one');
    expect(screen.getByRole('radio', { name: 'one' })).toBeChecked();
  });
});
