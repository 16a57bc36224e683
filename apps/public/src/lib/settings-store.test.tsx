import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { church } from '../config/church';
import { publishShellSettings, resetShellSettings, settleShellSettings, useShellSettings } from './settings-store';

function Probe() {
  const s = useShellSettings();
  return <p data-known={String(s.known)}>{`${s.name} / ${s.branch}`}</p>;
}

describe('settings-store', () => {
  // The test files of a worker share their modules: start from the fallback whatever an earlier
  // file published.
  beforeEach(() => {
    resetShellSettings();
  });

  afterEach(() => {
    resetShellSettings();
    vi.resetModules();
  });

  it('starts on the fallback, not yet known, and re-renders when the settings are published', () => {
    render(<Probe />);
    expect(screen.getByText(`${church.name} / ${church.branch}`)).toHaveAttribute('data-known', 'false');
    act(() => {
      publishShellSettings({ name: 'Mount Zion', branch: 'Town Centre', heroImages: null });
    });
    expect(screen.getByText('Mount Zion / Town Centre')).toHaveAttribute('data-known', 'true');
    expect(JSON.parse(window.localStorage.getItem('kanisa-church-settings') ?? '{}')).toMatchObject({ name: 'Mount Zion' });
  });

  it('settles on the fallback when the read fails', () => {
    render(<Probe />);
    act(() => {
      settleShellSettings();
    });
    expect(screen.getByText(`${church.name} / ${church.branch}`)).toHaveAttribute('data-known', 'true');
  });

  it('a returning visitor starts with the remembered name', async () => {
    window.localStorage.setItem('kanisa-church-settings', JSON.stringify({ name: 'Remembered', branch: 'B', heroImages: null }));
    vi.resetModules();
    const store = await import('./settings-store');
    expect(store.useShellSettings).toBeTypeOf('function');
    function Fresh() {
      const s = store.useShellSettings();
      return <p data-known={String(s.known)}>{s.name}</p>;
    }
    render(<Fresh />);
    expect(screen.getByText('Remembered')).toHaveAttribute('data-known', 'true');
    store.resetShellSettings();
  });
});
