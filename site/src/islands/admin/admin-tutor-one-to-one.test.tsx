// A tutor's 1-to-1 set-up on /admin against a stubbed service (docs/decisions/109): the hours
// and calendar as the tutor left them (busy times counted, never described), the courses and
// hourly rate sent in pence, a rate that is not money stopped before asking, and the service's
// refusal under the field it names.
import type { Tutor, TutorOneToOne } from '@tuition/api-contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, type Routes, stubApi } from '../../test-support/api-stub.ts';
import { AppProviders, createQueryClient } from '../shared/app-providers.tsx';
import { calendarText, TutorOneToOnePanel, windowsText } from './admin-tutor-one-to-one.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATEL: Tutor = {
  id: 't1',
  userId: 'u-t1',
  name: 'Mr Patel',
  email: 't1@tutors.example',
  active: true,
  passwordSet: true,
  invitedAt: '2026-10-01T10:00:00Z',
  perSessionPence: 2000,
  perPupilPence: 150,
  classes: [],
};

const SETTINGS: TutorOneToOne = {
  tutorId: 't1',
  services: ['gcse'],
  ratePencePerHour: 3000,
  windows: [{ day: 'tue', from: '16:00', to: '19:00' }],
  exceptions: [],
  calendar: {
    url: 'https://calendar.google.com/…',
    lastReadAt: '2026-11-30T09:55:00.000Z',
    lastError: null,
  },
  busy: [{ startsAt: '2026-12-01T17:00:00.000Z', endsAt: '2026-12-01T18:00:00.000Z' }],
};

function show(routes: Routes) {
  const stub = stubApi({ 'GET /api/admin/tutors/:id/one-to-one': SETTINGS, ...routes });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <TutorOneToOnePanel tutor={PATEL} />
    </AppProviders>,
  );
  return stub;
}

const puts = (stub: ReturnType<typeof stubApi>) =>
  stub.requests.filter((r) => r.method === 'PUT').map((r) => r.body);

describe('a tutor’s 1-to-1 set-up', () => {
  it('shows their hours and calendar, busy times counted but never described', async () => {
    show({});
    expect(await screen.findByText('Hours: Tue 16:00–19:00')).toBeTruthy();
    expect(screen.getByText(/Calendar read .*: 1 busy time ahead\./)).toBeTruthy();
    expect(windowsText({ windows: [] })).toBe('No hours set: families cannot book them.');
    expect(
      calendarText({
        calendar: { url: 'https://x/…', lastReadAt: null, lastError: 'The feed answered 404.' },
        busy: [],
      }),
    ).toBe('Calendar: the last read failed (The feed answered 404.).');
  });

  it('saves the courses ticked and the hourly rate in pence', async () => {
    const stub = show({
      'PUT /api/admin/tutors/:id/one-to-one': ({ body }) => ({
        ...SETTINGS,
        ...(body as Pick<TutorOneToOne, 'services' | 'ratePencePerHour'>),
      }),
    });
    const gcse = (await screen.findByLabelText('GCSE Foundation')) as HTMLInputElement;
    expect(gcse.checked).toBe(true);
    fireEvent.click(screen.getByLabelText('SATs'));
    fireEvent.click(gcse);
    fireEvent.change(screen.getByLabelText('1-to-1 pay per hour (£)'), {
      target: { value: '32.50' },
    });
    fireEvent.click(screen.getByRole('button', { name: /^Save 1-to-1/ }));
    await waitFor(() =>
      expect(puts(stub)).toEqual([{ services: ['sats'], ratePencePerHour: 3250 }]),
    );
  });

  it('stops a rate that is not money, and shows the service’s refusal under its field', async () => {
    const stub = show({
      'PUT /api/admin/tutors/:id/one-to-one': problem(400, 'Invalid input', {
        errors: [
          { field: 'ratePencePerHour', message: 'ratePencePerHour must be at most 100000 pence.' },
        ],
      }),
    });
    const rate = await screen.findByLabelText('1-to-1 pay per hour (£)');
    fireEvent.change(rate, { target: { value: 'thirty' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save 1-to-1/ }));
    expect(await screen.findByText(/Enter an amount in pounds/)).toBeTruthy();
    expect(puts(stub)).toEqual([]);
    fireEvent.change(rate, { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save 1-to-1/ }));
    expect(await screen.findByText('ratePencePerHour must be at most 100000 pence.')).toBeTruthy();
    expect(rate.getAttribute('aria-invalid')).toBe('true');
  });
});
