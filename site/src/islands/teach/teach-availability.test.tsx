// /teach/availability against a stubbed service (docs/decisions/109): no hours said plainly,
// windows added per weekday and sent in London time, a day away whole or in part, the service's
// refusal shown under the row it names, the calendar's last read and error, its removal, and
// what a signed-out visitor or a customer gets instead.
import type { TutorAvailability, TutorCalendar } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, type Routes, stubApi } from '../../test-support/api-stub.ts';
import { createQueryClient } from '../shared/app-providers.tsx';
import { TeachAvailability } from './teach-availability.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NONE: TutorAvailability = { windows: [], exceptions: [], updatedAt: null };
const NO_CALENDAR: TutorCalendar = { url: null, lastReadAt: null, lastError: null };
const clock = fixedClock(new Date('2026-11-30T10:00:00Z'));

function show(routes: Routes, navigate = vi.fn()) {
  const stub = stubApi({
    'GET /api/tutor/availability': NONE,
    'GET /api/tutor/calendar': NO_CALENDAR,
    ...routes,
  });
  render(<TeachAvailability queryClient={createQueryClient()} navigate={navigate} clock={clock} />);
  return stub;
}

/**
 * A button by its full text, hidden words included. Role queries walk every <option> of the
 * time selects and take seconds in jsdom, so the rows' controls are found by text and label.
 */
function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}
const saveButton = () => button('Save hours');
const sentBodies = (stub: ReturnType<typeof stubApi>, method: string, path: string) =>
  stub.requests.filter((r) => r.method === method && r.url.pathname === path).map((r) => r.body);

describe('the tutor’s 1-to-1 hours', () => {
  it('says plainly that with no hours no family can book them', async () => {
    show({});
    expect(await screen.findByText(/no family can book a 1-to-1 lesson with you/)).toBeTruthy();
    expect(screen.getByText(/UK time \(London\)/)).toBeTruthy();
    expect(screen.getAllByText('Not available')).toHaveLength(7);
  });

  it('adds a Tuesday window and a part day away, and sends them in London time', async () => {
    const stub = show({
      'PUT /api/tutor/availability': ({ body }) => ({
        ...(body as Omit<TutorAvailability, 'updatedAt'>),
        updatedAt: '2026-11-30T10:00:00.000Z',
      }),
    });
    await screen.findAllByText('Not available');
    fireEvent.click(button('Add hours on Tuesday'));
    fireEvent.change(screen.getByLabelText('To, Tuesday window 1'), {
      target: { value: '18:30' },
    });
    fireEvent.click(button('Add a day away'));
    fireEvent.change(screen.getByLabelText('Date, day away 1'), {
      target: { value: '2026-12-22' },
    });
    fireEvent.click(screen.getByLabelText('The whole day, day away 1'));
    fireEvent.change(screen.getByLabelText('Away from, day away 1'), {
      target: { value: '16:00' },
    });
    fireEvent.change(screen.getByLabelText('Until, day away 1'), { target: { value: '17:00' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(button('Save hours').disabled).toBe(false));
    await waitFor(() => expect(document.querySelector('.hours-summary')).toBeTruthy());
    expect(sentBodies(stub, 'PUT', '/api/tutor/availability')).toEqual([
      {
        windows: [{ day: 'tue', from: '16:00', to: '18:30' }],
        exceptions: [{ date: '2026-12-22', from: '16:00', to: '17:00', available: false }],
      },
    ]);
  });

  it('stops an end before its start and a day away without a date before asking', async () => {
    const stub = show({
      'GET /api/tutor/availability': {
        ...NONE,
        windows: [{ day: 'mon', from: '16:00', to: '19:00' }],
      },
    });
    const to = await screen.findByLabelText('To, Monday window 1');
    fireEvent.change(to, { target: { value: '15:00' } });
    fireEvent.click(button('Add a day away'));
    fireEvent.click(saveButton());
    expect(screen.getByText('The end must be after the start.')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose the date you are away.')).toBeTruthy();
    expect(sentBodies(stub, 'PUT', '/api/tutor/availability')).toEqual([]);
  });

  it('shows the service’s refusal under the window it names', async () => {
    show({
      'GET /api/tutor/availability': {
        ...NONE,
        windows: [
          { day: 'mon', from: '16:00', to: '19:00' },
          { day: 'wed', from: '10:00', to: '12:00' },
        ],
      },
      'PUT /api/tutor/availability': problem(400, 'Invalid input', {
        errors: [{ field: 'windows.1.from', message: 'from must be on the quarter hour.' }],
      }),
    });
    await screen.findByLabelText('From, Wednesday window 1');
    fireEvent.click(saveButton());
    expect(await screen.findByText('from must be on the quarter hour.')).toBeTruthy();
    expect(screen.getByLabelText('From, Wednesday window 1').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.getByLabelText('From, Monday window 1').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText(/Some hours need fixing/)).toBeTruthy();
  });

  it('removes a window', async () => {
    const stub = show({
      'GET /api/tutor/availability': {
        ...NONE,
        windows: [{ day: 'fri', from: '09:00', to: '10:00' }],
      },
      'PUT /api/tutor/availability': NONE,
    });
    await screen.findByLabelText('From, Friday window 1');
    fireEvent.click(button('Remove Friday window 1'));
    fireEvent.click(saveButton());
    expect(await screen.findByText(/no family can book/)).toBeTruthy();
    expect(sentBodies(stub, 'PUT', '/api/tutor/availability')).toEqual([
      { windows: [], exceptions: [] },
    ]);
  });
});

describe('the tutor’s own calendar', () => {
  it('saves a pasted address and shows the refusal under the field', async () => {
    let calls = 0;
    const stub = show({
      'PUT /api/tutor/calendar': () => {
        calls += 1;
        return calls === 1
          ? problem(400, 'Invalid input', {
              errors: [{ field: 'url', message: 'url must be an https or webcal address.' }],
            })
          : { url: 'https://calendar.google.com/…', lastReadAt: null, lastError: null };
      },
    });
    const field = await screen.findByLabelText('Calendar address');
    fireEvent.change(field, { target: { value: 'ftp://nope' } });
    fireEvent.click(button('Save calendar address'));
    expect(await screen.findByText('url must be an https or webcal address.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'https://calendar.google.com/secret/basic.ics' } });
    fireEvent.click(button('Save calendar address'));
    expect(await screen.findByText(/Not read yet/)).toBeTruthy();
    expect(screen.getByText('https://calendar.google.com/…')).toBeTruthy();
    expect(sentBodies(stub, 'PUT', '/api/tutor/calendar').at(-1)).toEqual({
      url: 'https://calendar.google.com/secret/basic.ics',
    });
  });

  it('says when it was last read, any error, and removes it', async () => {
    const stub = show({
      'GET /api/tutor/calendar': {
        url: 'https://calendar.google.com/…',
        lastReadAt: '2026-11-30T09:55:00.000Z',
        lastError: 'The calendar answered 404.',
      },
      'PUT /api/tutor/calendar': NO_CALENDAR,
    });
    expect(await screen.findByText('Last read 9:55 AM, Monday 30 November 2026')).toBeTruthy();
    expect(screen.getByText(/The last read failed: The calendar answered 404/)).toBeTruthy();
    fireEvent.click(button('Remove calendar'));
    expect(await screen.findByText('No calendar connected.')).toBeTruthy();
    expect(sentBodies(stub, 'PUT', '/api/tutor/calendar')).toEqual([{ url: null }]);
  });
});

describe('who may see the hours', () => {
  it('sends a signed-out visitor to log in and tells a customer it is for tutors', async () => {
    const navigate = vi.fn();
    show({ 'GET /api/tutor/availability': problem(401, 'Not signed in') }, navigate);
    expect(await screen.findByText(/Please log in/)).toBeTruthy();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?next=/));
    cleanup();
    show({ 'GET /api/tutor/availability': problem(403, 'Access denied') });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
  });
});
