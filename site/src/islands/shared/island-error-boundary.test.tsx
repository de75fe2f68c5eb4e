// @vitest-environment jsdom
// An island that throws shows the spec's "Unexpected Application Error!" with a way home, and
// the error is logged, instead of vanishing from the page.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from './app-providers.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('thrown on purpose by the test');
}

describe('island error boundary', () => {
  it('replaces a throwing island with the error panel and a link home, and logs the error', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppProviders queryClient={createQueryClient()}>
        <p>Before</p>
        <Broken />
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('alert')).toBeTruthy();
    const logged = log.mock.calls.find((call) => call[0] === 'Unexpected Application Error!');
    const error = logged?.[1];
    expect(error).toBeInstanceOf(Error);
    expect(error instanceof Error && error.message).toBe('thrown on purpose by the test');
  });

  it('leaves a working island alone', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <p>All fine</p>
      </AppProviders>,
    );
    expect(screen.getByText('All fine')).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });
});
