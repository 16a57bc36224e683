import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render';

describe('admin routes', () => {
  it.each(['/', '/dashboard', '/no-such-page', '/login'])('%s shows the sign-in screen for now', (path) => {
    renderAt(path);
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});
