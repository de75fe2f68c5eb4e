import type { JoinStatus } from '@tuition/api-contract';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, stubApi } from '../../test-support/api-stub.ts';
import {
  stubTwin,
  TWIN_SERVER_URL,
  type TwinAnswer,
  twinRefusal,
} from '../../test-support/room-twin-stub.ts';
import { bookingIdFromPath, JoinStatusPage, joinMessage } from './join-status.tsx';

const STATUS: JoinStatus = {
  bookingId: 'b1',
  state: 'too-early',
  label: 'GCSE Higher',
  startsAt: '2026-11-03T19:00:00.000Z',
  endsAt: '2026-11-03T20:00:00.000Z',
  opensAt: '2026-11-03T18:45:00.000Z',
  pupilName: 'Sam',
  room: null,
  recorded: false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the join page', () => {
  it('reads the booking id from /join/{id}', () => {
    expect(bookingIdFromPath('/join/abc-123')).toBe('abc-123');
    expect(bookingIdFromPath('/join/')).toBe('');
  });

  it('says when a session opens, in London time', () => {
    expect(joinMessage(STATUS).heading).toBe('Join opens at 6:45 PM');
    expect(joinMessage(STATUS).text).toContain('Tuesday 3 November 2026');
  });

  it('says the tutor will share the link when none is set', () => {
    expect(joinMessage({ ...STATUS, state: 'no-link' }).heading).toBe(
      'Your tutor will share the link shortly',
    );
    expect(joinMessage({ ...STATUS, state: 'ended' }).heading).toBe('This session has ended');
  });

  it("shows not found for another account's booking, as for any unknown one", async () => {
    stubApi({ 'GET /api/me/bookings/:id/join': problem(404, 'No such booking.') });
    render(<JoinStatusPage pathname="/join/6f1c1d1e-0000-4000-8000-000000000001" />);
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeTruthy();
  });

  it('explains too early from the service answer', async () => {
    stubApi({ 'GET /api/me/bookings/:id/join': STATUS });
    render(<JoinStatusPage pathname="/join/b1" />);
    expect(await screen.findByRole('heading', { name: 'Join opens at 6:45 PM' })).toBeTruthy();
  });

  it("gives the business's phone and e-mail when the tutor has not shared the link yet", async () => {
    stubApi({ 'GET /api/me/bookings/:id/join': { ...STATUS, state: 'no-link' } });
    const contact = { phone: '020 7946 0000', email: 'hello@example.com' };
    render(<JoinStatusPage pathname="/join/b1" contact={contact} />);
    expect(
      await screen.findByRole('heading', { name: 'Your tutor will share the link shortly' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '020 7946 0000' }).getAttribute('href')).toBe(
      'tel:02079460000',
    );
    expect(screen.getByRole('link', { name: 'hello@example.com' }).getAttribute('href')).toBe(
      'mailto:hello@example.com',
    );
  });

  it('keeps the contact line to the no-link state', async () => {
    stubApi({ 'GET /api/me/bookings/:id/join': STATUS });
    render(<JoinStatusPage pathname="/join/b1" contact={{ phone: '1', email: 'a@b.c' }} />);
    await screen.findByRole('heading', { name: 'Join opens at 6:45 PM' });
    expect(screen.queryByText(/Need help now/)).toBeNull();
  });
});

/** A secret the page must only ever send in the Authorization header. */
const TOKEN = 'lk.token.secret-123';

const WAITING: JoinStatus = { ...STATUS, state: 'waiting-for-tutor' };
const OPEN: JoinStatus = {
  ...STATUS,
  state: 'open',
  room: {
    provider: 'local',
    serverUrl: TWIN_SERVER_URL,
    token: TOKEN,
    expiresAt: '2026-11-03T20:05:00.000Z',
  },
};

const IN_THE_ROOM: TwinAnswer = {
  room: 'session-s1',
  identity: 'pupil-b1',
  participants: [
    { identity: 'pupil-b1', name: 'Sam T.', host: false, joinedAt: '2026-11-03T18:50:00.000Z' },
    { identity: 'pupil-b2', name: 'Amira K.', host: false, joinedAt: '2026-11-03T18:49:00.000Z' },
    { identity: 'tutor-t1', name: 'Ms Rivera', host: true, joinedAt: '2026-11-03T18:45:00.000Z' },
  ],
};

/** The page's timeouts run on a fake clock, moved on by the test. */
const fakeTimeouts = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Moves the fake clock on in small steps until `shown` finds something (at most 2 s). */
async function until<T>(shown: () => T | null): Promise<T> {
  for (let waited = 0; waited < 2000 && !shown(); waited += 20) await elapse(20);
  const found = shown();
  if (!found) throw new Error('not shown within 2 s of the fake clock');
  return found;
}
const waitingHeading = () =>
  screen.queryByRole('heading', { name: 'Waiting for your tutor to start the lesson' });

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('waiting for the tutor', () => {
  afterEach(() => setHidden(false));

  it('says so, asks again every 5 seconds, and opens the lesson once the tutor starts', async () => {
    fakeTimeouts();
    const answers = [WAITING, WAITING, OPEN];
    const { api } = stubTwin(
      { join: IN_THE_ROOM },
      { 'GET /api/me/bookings/:id/join': () => answers.shift() ?? OPEN },
    );
    render(<JoinStatusPage pathname="/join/b1" />);
    await until(waitingHeading);
    expect(screen.getByText(/Sam's GCSE Higher session starts at 7:00 PM/)).toBeTruthy();
    const asks = () => api.calls.filter((c) => c.endsWith('/join')).length;
    expect(asks()).toBe(1);
    await elapse(4700);
    expect(asks()).toBe(1);
    await elapse(400);
    expect(asks()).toBe(2);
    await elapse(5000);
    await until(() => screen.queryByRole('heading', { name: 'GCSE Higher', level: 1 }));
    await until(() => screen.queryByRole('list', { name: 'Who is here' }));
    await elapse(15000);
    // In the lesson the page stops asking: each answer would be another entry to the room.
    expect(asks()).toBe(3);
  });

  it('stops asking while the tab is hidden and when the page goes away', async () => {
    fakeTimeouts();
    const stub = stubApi({ 'GET /api/me/bookings/:id/join': WAITING });
    const { unmount } = render(<JoinStatusPage pathname="/join/b1" />);
    await until(waitingHeading);
    setHidden(true);
    await elapse(20000);
    expect(stub.calls).toHaveLength(1);
    setHidden(false);
    await elapse(20);
    expect(stub.calls).toHaveLength(2);
    unmount();
    await elapse(20000);
    expect(stub.calls).toHaveLength(2);
  });
});

describe('the lesson in the local room', () => {
  it('lists the tutor, marked as tutor, and the pupils by the names the room gives', async () => {
    const { calls } = stubTwin(
      { join: IN_THE_ROOM },
      { 'GET /api/me/bookings/:id/join': { ...OPEN, recorded: true } },
    );
    render(<JoinStatusPage pathname="/join/b1" />);
    expect(await screen.findByRole('heading', { name: 'GCSE Higher', level: 1 })).toBeTruthy();
    const people = await screen.findByRole('list', { name: 'Who is here' });
    const names = within(people)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['Ms RiveraTutor', 'Amira K.', 'Sam T. (you)']);
    expect(screen.getByText('3 people are here')).toBeTruthy();
    expect(screen.getByText('This lesson is being recorded.')).toBeTruthy();
    expect(screen.getByText(/it has no video or audio/)).toBeTruthy();
    expect(calls[0]).toMatchObject({
      action: 'join',
      method: 'POST',
      url: `${TWIN_SERVER_URL}/join`,
      authorization: `Bearer ${TOKEN}`,
      credentials: 'omit',
    });
  });

  it('says nothing about recording when the lesson is not recorded', async () => {
    stubTwin({ join: IN_THE_ROOM }, { 'GET /api/me/bookings/:id/join': OPEN });
    render(<JoinStatusPage pathname="/join/b1" />);
    await screen.findByRole('list', { name: 'Who is here' });
    expect(screen.queryByText(/being recorded/)).toBeNull();
  });

  it('leaves on request, then offers the way back in', async () => {
    const { calls, api } = stubTwin(
      { join: IN_THE_ROOM, leave: null },
      { 'GET /api/me/bookings/:id/join': OPEN },
    );
    render(<JoinStatusPage pathname="/join/b1" />);
    await screen.findByRole('list', { name: 'Who is here' });
    fireEvent.click(screen.getByRole('button', { name: 'Leave lesson' }));
    expect(await screen.findByRole('heading', { name: 'You have left the lesson' })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.action}`)).toEqual(['POST join', 'POST leave']);
    expect(calls[1]?.authorization).toBe(`Bearer ${TOKEN}`);

    fireEvent.click(screen.getByRole('button', { name: 'Rejoin the lesson' }));
    expect(await screen.findByRole('list', { name: 'Who is here' })).toBeTruthy();
    expect(calls.map((c) => c.action)).toEqual(['join', 'leave', 'join']);
    // The token went in the Authorization header only: never in an address.
    for (const url of [...calls.map((c) => c.url), ...api.calls]) expect(url).not.toContain(TOKEN);
  });

  it('says plainly when the room will not have the pupil any more', async () => {
    stubTwin({ join: twinRefusal(403, 'removed') }, { 'GET /api/me/bookings/:id/join': OPEN });
    render(<JoinStatusPage pathname="/join/b1" />);
    expect(
      await screen.findByRole('heading', { name: 'You can no longer join this lesson' }),
    ).toBeTruthy();
    cleanup();
    stubTwin({ join: twinRefusal(403, 'room-ended') }, { 'GET /api/me/bookings/:id/join': OPEN });
    render(<JoinStatusPage pathname="/join/b1" />);
    expect(await screen.findByRole('heading', { name: 'This lesson has ended' })).toBeTruthy();
  });
});
