// @vitest-environment jsdom
// Keyboard: the login dialog opens on Email, and after signing in focus lands on the header's
// account menu (or the main content), never the page body.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AuthDialogPanel, { returnFocusAfterDialog } from './auth-dialog-panel.tsx';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('auth dialog focus', () => {
  it('opens with focus on Email, not on the close button', async () => {
    render(<AuthDialogPanel open onOpenChange={() => {}} tab="login" onTabChange={() => {}} />);
    const email = await screen.findByLabelText(/^Email/);
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('after signing in, focuses the profile menu button that replaced Login', () => {
    document.body.innerHTML = `
      <div data-auth-menu><a href="/booking">Book Now</a><button aria-haspopup="menu">Ann</button></div>
      <main><h1>Page</h1></main>`;
    const login = document.createElement('button'); // gone from the page by now
    returnFocusAfterDialog(login, true);
    expect(document.activeElement?.textContent).toBe('Ann');
  });

  it('waits for the profile menu when the dialog was opened from the page body', async () => {
    // The header's plain Login link is replaced as the menu loads, so the opener is the body.
    document.body.innerHTML = '<div data-auth-menu></div><main><h1>Page</h1></main>';
    returnFocusAfterDialog(document.body, true);
    const menu = document.createElement('button');
    menu.setAttribute('aria-haspopup', 'menu');
    menu.textContent = 'Ann';
    document.querySelector('[data-auth-menu]')?.append(menu);
    await waitFor(() => expect(document.activeElement).toBe(menu));
  });

  it('never returns focus to the page body after closing without signing in', () => {
    document.body.innerHTML = '<main><h1>Page</h1></main>';
    returnFocusAfterDialog(document.body, false);
    expect(document.activeElement?.tagName).toBe('MAIN');
  });

  it('falls back to the main content when the account menu cannot take focus', async () => {
    document.body.innerHTML = '<main><h1>Page</h1></main>';
    returnFocusAfterDialog(null, true, 0);
    expect(document.activeElement?.tagName).toBe('MAIN');
  });

  it('goes back to what opened it when the dialog is closed without signing in', () => {
    document.body.innerHTML = '<button id="pay">Proceed to Payment</button><main></main>';
    const pay = document.getElementById('pay');
    returnFocusAfterDialog(pay, false);
    expect(document.activeElement).toBe(pay);
  });
});
