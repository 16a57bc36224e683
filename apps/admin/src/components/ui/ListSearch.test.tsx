import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LIVE_SEARCH_DELAY_MS, ListSearch } from './ListSearch';
import { Pager } from './Pager';

describe('ListSearch', () => {
  it('searches on Enter or the Search button only, and clearing the box shows everything again', async () => {
    const onSearch = vi.fn();
    render(<ListSearch label="Search members" placeholder="Name" value="" onSearch={onSearch} />);
    const user = userEvent.setup();
    const box = screen.getByLabelText('Search members');
    await user.type(box, 'mary');
    expect(onSearch).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('mary');
    await user.type(box, ' w ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith('mary w');
    await user.clear(box);
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(onSearch).toHaveBeenCalledTimes(3);
  });

  it('searches after a pause in typing when live', () => {
    vi.useFakeTimers();
    try {
      const onSearch = vi.fn();
      render(<ListSearch label="Search sermons" placeholder="Title" value="" onSearch={onSearch} live />);
      const box = screen.getByLabelText('Search sermons');
      fireEvent.change(box, { target: { value: 'gra' } });
      fireEvent.change(box, { target: { value: 'grace' } });
      expect(onSearch).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(LIVE_SEARCH_DELAY_MS);
      });
      expect(onSearch).toHaveBeenCalledTimes(1);
      expect(onSearch).toHaveBeenCalledWith('grace');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Pager', () => {
  it('is absent for one page, and moves between pages, marking the ends unavailable', async () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pager page={0} size={50} total={50} onPage={onPage} label="Pages of sermons" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    rerender(<Pager page={0} size={50} total={1012} onPage={onPage} label="Pages of sermons" />);
    const nav = screen.getByRole('navigation', { name: 'Pages of sermons' });
    expect(nav).toHaveTextContent('Page 1 of 21');
    const user = userEvent.setup();
    const previous = screen.getByRole('button', { name: /Previous/ });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await user.click(previous);
    expect(onPage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(onPage).toHaveBeenLastCalledWith(1);

    rerender(<Pager page={20} size={50} total={1012} onPage={onPage} label="Pages of sermons" />);
    expect(nav).toHaveTextContent('Page 21 of 21');
    const next = screen.getByRole('button', { name: /Next/ });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(onPage.mock.calls).toEqual([[1], [19]]);
  });
});
