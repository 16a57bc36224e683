import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATA_SAVER_KEY, isDataSaver } from '../../lib/data-saver';
import { restartDataSaver } from '../../test/data-saver';
import { renderAt } from '../../test/render';
import { DataSaverSwitch } from './DataSaverSwitch';

const restart = restartDataSaver;

beforeEach(() => {
  restart({});
});

afterEach(() => {
  restart({});
});

describe('the Data saver switch', () => {
  it('is a switch named Data saver that remembers the choice', () => {
    renderAt('/', <DataSaverSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Data saver' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('on');
    expect(isDataSaver()).toBe(true);
    fireEvent.click(toggle);
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('off');
    expect(isDataSaver()).toBe(false);
  });

  it('starts on when the server marked the page for Save-Data', () => {
    restart({ mark: 'on' });
    renderAt('/', <DataSaverSwitch />);
    expect(screen.getByRole('switch', { name: 'Data saver' })).toHaveAttribute('aria-checked', 'true');
  });
});
