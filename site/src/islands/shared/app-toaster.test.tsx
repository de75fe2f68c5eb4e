// @vitest-environment jsdom
// Toasts end like sentences, and a form's success takes away that form's earlier errors only.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  finishSentence,
  PageToaster,
  toastError,
  toastSuccess,
  toastText,
} from './app-toaster.tsx';

afterEach(cleanup);

describe('toast wording', () => {
  it('ends a lone title or a description with a full stop, leaving finished ones alone', () => {
    expect(finishSentence('Profile Updated')).toBe('Profile Updated.');
    expect(finishSentence('Logged in successfully!')).toBe('Logged in successfully!');
    expect(finishSentence('Failed to update profile. Please try again.')).toBe(
      'Failed to update profile. Please try again.',
    );
    expect(toastText({ title: 'Session rescheduled successfully' })).toEqual({
      title: 'Session rescheduled successfully.',
    });
    // A title above a description is a heading.
    expect(toastText({ title: 'Session Full', description: 'Please pick another' })).toEqual({
      title: 'Session Full',
      description: 'Please pick another.',
    });
  });
});

describe('a success clears its own form’s errors', () => {
  it('removes the password form’s error beside "Password Updated" but keeps another form’s', async () => {
    render(<PageToaster />);
    act(() => {
      toastError({ title: 'Current password is incorrect' }, { form: 'password' });
      toastError({ title: 'Phone number must contain 10-15 digits' }, { form: 'details' });
    });
    await screen.findByText('Current password is incorrect.');
    act(() => toastSuccess({ title: 'Password Updated' }, { form: 'password' }));
    await screen.findByText('Password Updated.');
    await waitFor(() => expect(screen.queryByText('Current password is incorrect.')).toBeNull());
    expect(screen.getByText('Phone number must contain 10-15 digits.')).toBeTruthy();
  });
});

describe('where toasts appear', () => {
  it('starts them just below the header as it sits now, banner above it or not', async () => {
    const header = document.createElement('header');
    header.className = 'site-header';
    let bottom = 104; // a 40 px promo banner above a 64 px header, at the top of the page
    header.getBoundingClientRect = () => ({ bottom }) as DOMRect;
    document.body.append(header);
    try {
      render(<PageToaster />);
      act(() => toastSuccess({ title: 'Signed in' }));
      await screen.findByText('Signed in.');
      const list = () => document.querySelector<HTMLElement>('[data-sonner-toaster]');
      await waitFor(() => expect(list()?.style.getPropertyValue('--offset-top')).toBe('116px'));

      bottom = 64; // scrolled: the sticky header at the top, the banner gone
      act(() => {
        window.dispatchEvent(new Event('scroll'));
      });
      await waitFor(() => expect(list()?.style.getPropertyValue('--offset-top')).toBe('76px'));
    } finally {
      header.remove();
    }
  });
});
