import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyChart } from './LazyChart';

const table = <table aria-label="The numbers" />;

describe('LazyChart', () => {
  it('draws once the parts are loaded, and destroys the chart when it goes', async () => {
    const destroy = vi.fn();
    const draw = vi.fn((parts: { kind: string }, canvas: HTMLCanvasElement, still: boolean) => {
      expect([parts.kind, canvas.tagName, still]).toEqual(['bars', 'CANVAS', false]);
      return { destroy };
    });
    const load = () => Promise.resolve({ kind: 'bars' });
    const { container, unmount } = render(
      <LazyChart load={load} draw={draw} what="giving chart" summary="Bar chart of giving." bars={12}>
        {table}
      </LazyChart>,
    );
    const canvas = screen.getByRole('img', { name: 'Bar chart of giving.' });
    expect(canvas).toHaveAttribute('data-bars', '12');
    expect(screen.getByText('Drawing the chart...')).toHaveClass('chart-note');
    await waitFor(() => {
      expect(container.querySelector('.chart-canvas')).toHaveAttribute('data-state', 'ready');
    });
    expect(draw).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Drawing the chart...')).toBeNull();
    expect(container.querySelector('details.chart-data')).not.toHaveAttribute('open');
    unmount();
    expect(destroy).toHaveBeenCalledTimes(1);
  });

  it('says ready only once the chart has painted, in the animation frame after it is made', async () => {
    const frames: FrameRequestCallback[] = [];
    const request = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const draw = vi.fn(() => ({ destroy: () => undefined }));
    const { container } = render(
      <LazyChart load={() => Promise.resolve({})} draw={draw} what="giving chart" summary="Bar chart of giving.">
        {table}
      </LazyChart>,
    );
    await waitFor(() => {
      expect(draw).toHaveBeenCalledTimes(1);
    });
    expect(container.querySelector('.chart-canvas')).toHaveAttribute('data-state', 'loading');
    expect(screen.getByText('Drawing the chart...')).toBeInTheDocument();
    act(() => {
      for (const frame of frames.splice(0)) frame(performance.now());
    });
    expect(container.querySelector('.chart-canvas')).toHaveAttribute('data-state', 'ready');
    request.mockRestore();
  });

  it('says when the chart cannot be drawn and opens the numbers', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(
      <LazyChart
        load={() => Promise.reject(new Error('chunk failed'))}
        draw={() => ({ destroy: () => undefined })}
        what="attendance chart"
        summary="Line chart."
      >
        {table}
      </LazyChart>,
    );
    expect(await screen.findByText('The chart could not be drawn; the numbers are below.')).toBeInTheDocument();
    expect(container.querySelector('.chart-canvas')).toHaveAttribute('data-state', 'failed');
    expect(container.querySelector('details.chart-data')).toHaveAttribute('open');
    expect(screen.getByRole('img', { name: 'Line chart.' })).not.toHaveAttribute('data-bars');
    expect(error).toHaveBeenCalledWith('Drawing the attendance chart failed', expect.any(Error));
  });
});
