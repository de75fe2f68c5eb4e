// @vitest-environment jsdom
// Registration asks who the account is for (decision 048) and sends it as accountType.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterForm } from './auth-forms.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Fills the form, submits it and answers the sign-up; resolves to the body sent. */
async function register(choose?: RegExp): Promise<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    bodies.push(JSON.parse(await request.text()));
    return Response.json({ token: null, user: { id: 'u1', email: 'ann@example.com' } });
  });
  render(<RegisterForm />);
  if (choose) fireEvent.click(screen.getByRole('radio', { name: choose }));
  fireEvent.change(screen.getByLabelText(/^Full name/), { target: { value: 'Ann Smith' } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ann@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'long-enough-1' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  await waitFor(() => expect(bodies).toHaveLength(1));
  return bodies[0] ?? {};
}

describe('register form: who the account is for', () => {
  it('offers parent or guardian (chosen by default) and student aged 16 or over', () => {
    render(<RegisterForm />);
    const group = screen.getByRole('group', { name: 'Who is this account for?' });
    expect(group).toBeTruthy();
    const parent = screen.getByRole('radio', { name: 'I am a parent or guardian' });
    const student = screen.getByRole('radio', { name: 'I am a student aged 16 or over' });
    expect((parent as HTMLInputElement).checked).toBe(true);
    expect((student as HTMLInputElement).checked).toBe(false);
  });

  it('sends accountType parent by default', async () => {
    expect(await register()).toMatchObject({ email: 'ann@example.com', accountType: 'parent' });
  });

  it('sends accountType student when the student says so', async () => {
    expect(await register(/student aged 16 or over/)).toMatchObject({ accountType: 'student' });
  });
});
