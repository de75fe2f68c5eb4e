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
