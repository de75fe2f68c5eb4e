import {
  AdminClassListSchema,
  AdminClassSchema,
  AdminSessionListSchema,
  AdminAttendeeListSchema,
  AdminUserDetailSchema,
  AttendanceMarkSchema,
  type Booking,
  BookingListSchema,
  CalendarFeedSchema,
  JoinStatusSchema,
  ProblemSchema,
  SessionMeetingSchema,
} from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { bookableStarts, bookPaid } from '../testing/checkout-test-kit.ts';
import { type SettableClock, settableClock } from '../clock.ts';
import { auditEntries, bookingReminders, bookings, mailMessages } from '../db/schema.ts';
import { deliverPendingMail } from '../mail/mail-setup.ts';
import { sendDueReminders } from '../reminders/reminders.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { classSlotOf } from './weekly-classes.ts';

const NOW = '2026-11-02T09:00:00Z';
const MINUTE = 60_000;
const CLASS_URL = 'https://meet.example.org/gcse-higher-secret-room';
const OVERRIDE_URL = 'https://zoom.example.com/j/override-secret';

const shift = (iso: string, minutes: number) =>
  new Date(new Date(iso).getTime() + minutes * MINUTE);

/** Parses an iCalendar text with ical.js: the method and every event's key properties. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    method: calendar.getFirstPropertyValue('method'),
    events: calendar.getAllSubcomponents('vevent').map((event) => ({
      uid: String(event.getFirstPropertyValue('uid')),
      sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
      status: event.getFirstPropertyValue('status'),
      url: event.getFirstPropertyValue('url'),
      location: event.getFirstPropertyValue('location'),
      start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    })),
  };
}

describe.each(TEST_DB_KINDS)('delivering the lesson on %s', (dbKind) => {
  let t: TestApp;
  let clock: SettableClock;
  let admin: TestUser;
  let parent: TestUser;
  let stranger: TestUser;
  let logs: ReturnType<typeof captureLogs>;

  const moveTo = (at: Date | string) => clock.set(new Date(at));
  const get = (path: string, who?: TestUser) =>
    api(t, path, who ? { cookie: who.cookie, ip: who.ip } : {});
  const put = (path: string, body: unknown, who: TestUser = admin) =>
    api(t, path, { method: 'PUT', body, cookie: who.cookie, ip: who.ip });

  async function myBookings(scope: 'upcoming' | 'previous' = 'upcoming'): Promise<Booking[]> {
    return contractBody(await get(`/api/me/bookings?scope=${scope}`, parent), BookingListSchema);
  }
  async function bookOne(startsAt: string): Promise<Booking> {
    await bookPaid(t, parent, [startsAt]);
    const booking = (await myBookings()).find((b) => b.startsAt === startsAt);
    if (!booking) throw new Error(`no booking at ${startsAt}`);
    return booking;
  }
  async function sessionIdOf(bookingId: string): Promise<string> {
    const [row] = await t.deps.db
      .select({ sessionId: bookings.sessionId })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    return row!.sessionId;
  }
  async function mailFor(address: string) {
    await deliverPendingMail(t.deps);
    return t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, address));
  }
  const remindersTo = async (address: string, bookingId: string) =>
    (await mailFor(address)).filter(
      (m) => m.subject.startsWith('Reminder:') && m.text.includes(`/join/${bookingId}`),
    );

  beforeAll(async () => {
    logs = captureLogs();
    // Standing meeting links (docs/decisions/056): a business without lesson rooms (098).
    t = await createTestApp({
      dbKind,
      now: NOW,
      logger: logs.logger,
      env: { MEETING_PROVIDER: 'link' },
    });
    // A clock the tests (and /dev/clock) can move; routes read deps.clock on every request.
    clock = settableClock(fixedClock(NOW));
    t.deps.clock = clock;
    t.app = createApp(t.deps);
    admin = await signedInUser(t, { name: 'Admin', role: 'admin' });
    parent = await signedInUser(t, { name: 'Pat Parent' });
    stranger = await signedInUser(t, { name: 'Someone Else' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists the weekly classes and accepts only https meeting links, naming url', async () => {
    moveTo(NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1);
    const slot = classSlotOf({ service: 'gcse-higher', startsAt: new Date(start!) });
    const { classes } = await contractBody(
      await get('/api/admin/classes', admin),
      AdminClassListSchema,
    );
    const gcse = classes.find(
      (c) => c.service === slot.service && c.day === slot.day && c.startTime === slot.startTime,
    );
    expect(gcse?.meetingUrl).toBeNull();
    expect(gcse?.inTimetable).toBe(true);

    for (const url of [
      'http://meet.example.org/room',
      'javascript:alert(1)',
      'not a link',
      'https://user:secret@meet.example.org/room',
      '',
    ]) {
      const refused = await put(`/api/admin/classes/${gcse!.id}/meeting`, { url });
      expect(refused.status, url).toBe(400);
      const problem = await contractBody(refused, ProblemSchema);
      expect(problem.errors?.map((e) => e.field)).toEqual(['url']);
    }
    expect(
      (await put(`/api/admin/classes/${gcse!.id}/meeting`, { url: CLASS_URL }, parent)).status,
    ).toBe(403);
    const saved = await contractBody(
      await put(`/api/admin/classes/${gcse!.id}/meeting`, { url: CLASS_URL }),
      AdminClassSchema,
    );
    expect(saved.meetingUrl).toBe(CLASS_URL);
    const [audit] = await t.deps.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.target, `class:${gcse!.id}`));
    // The trail says a link was set and where, never the secret URL itself.
    expect(audit).toMatchObject({ action: 'meeting-link.change', actorId: admin.id });
    expect(audit?.after).toEqual({ hasLink: true, host: 'meet.example.org' });
    expect(JSON.stringify(audit)).not.toContain('secret-room');
    // Every GCSE Higher class meets in the same room (the later tests book any of them).
    for (const other of classes.filter((c) => c.service === 'gcse-higher' && c.id !== gcse!.id)) {
      await put(`/api/admin/classes/${other.id}/meeting`, { url: CLASS_URL });
    }
    const listed = await contractBody(await get('/api/admin/classes', admin), AdminClassListSchema);
    expect(listed.classes.find((c) => c.id === gcse!.id)?.meetingUrl).toBe(CLASS_URL);
    expect(
      (
        await put('/api/admin/classes/00000000-0000-4000-8000-000000000000/meeting', {
          url: CLASS_URL,
        })
      ).status,
    ).toBe(404);
  });

  it('opens the join link 15:00 before the start, not at 15:01, and closes it at the end', async () => {
    moveTo(NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 1 });
    const booking = await bookOne(start!);
    const opensAt = shift(start!, -15).toISOString();

    moveTo(new Date(shift(start!, -15).getTime() - 1000));
    const early = (await myBookings()).find((b) => b.id === booking.id);
    expect(early?.join).toEqual({ opensAt, url: null });
    const page = await get(`/join/${booking.id}`, parent);
    expect(page.status).toBe(200);
    expect(page.headers.get('location')).toBeNull();
    const status = await contractBody(
      await get(`/api/me/bookings/${booking.id}/join`, parent),
      JoinStatusSchema,
    );
    expect(status).toMatchObject({ state: 'too-early', opensAt, pupilName: 'Pat Parent' });
    expect(JSON.stringify(status)).not.toContain(CLASS_URL);

    moveTo(opensAt);
    const open = (await myBookings()).find((b) => b.id === booking.id);
    expect(open?.join).toEqual({ opensAt, url: `/join/${booking.id}` });
    const redirect = await get(`/join/${booking.id}`, parent);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(CLASS_URL);
    expect(redirect.headers.get('cache-control')).toBe('no-store');
    expect(redirect.headers.get('referrer-policy')).toBe('no-referrer');

    const end = shift(start!, 60);
    moveTo(new Date(end.getTime() - 1000));
    expect((await get(`/join/${booking.id}`, parent)).status).toBe(302);
    moveTo(end);
    const previous = (await myBookings('previous')).find((b) => b.id === booking.id);
    expect(previous?.join?.url).toBeNull();
    expect((await get(`/join/${booking.id}`, parent)).status).toBe(200);
    const ended = await contractBody(
      await get(`/api/me/bookings/${booking.id}/join`, parent),
      JoinStatusSchema,
    );
    expect(ended.state).toBe('ended');

    // The meeting URL reached no log line.
    expect(logs.raw()).not.toContain('gcse-higher-secret-room');
  });

  it("answers another account's booking exactly like an unknown one (404)", async () => {
    moveTo(NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 2 });
    const booking = await bookOne(start!);
    moveTo(shift(start!, -5));
    const theirs = await get(`/join/${booking.id}`, stranger);
    const unknown = await get('/join/6f1c1d1e-0000-4000-8000-00000000abcd', stranger);
    const garbage = await get('/join/not-a-booking', stranger);
    expect([theirs.status, unknown.status, garbage.status]).toEqual([404, 404, 404]);
    expect(theirs.headers.get('location')).toBeNull();
    expect(await theirs.text()).toBe(await unknown.text());
    expect((await get(`/api/me/bookings/${booking.id}/join`, stranger)).status).toBe(404);
    const signedOut = await get(`/join/${booking.id}`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('location')).toBeNull();
  });

  it('without a link the page says so and the dashboard flags the session; a session may override', async () => {
    moveTo(NOW);
    const [start] = await bookableStarts(t, 'ks3', 1);
    await bookPaid(t, parent, [start!], 'ks3');
    const booking = (await myBookings()).find((b) => b.startsAt === start)!;
    const sessionId = await sessionIdOf(booking.id);

    const { items: sessions } = await contractBody(
      await get('/api/admin/sessions?filter=upcoming', admin),
      AdminSessionListSchema,
    );
    expect(sessions.find((s) => s.id === sessionId)?.meetingLinkMissing).toBe(true);

    moveTo(shift(start!, -10));
    expect((await get(`/join/${booking.id}`, parent)).status).toBe(200);
    const noLink = await contractBody(
      await get(`/api/me/bookings/${booking.id}/join`, parent),
      JoinStatusSchema,
    );
    expect(noLink.state).toBe('no-link');

    const refused = await put(`/api/admin/sessions/${sessionId}/meeting`, { url: 'ftp://x.org' });
    expect(refused.status).toBe(400);
    const meeting = await contractBody(
      await put(`/api/admin/sessions/${sessionId}/meeting`, { url: OVERRIDE_URL }),
      SessionMeetingSchema,
    );
    expect(meeting).toEqual({ sessionId, overrideUrl: OVERRIDE_URL, meetingUrl: OVERRIDE_URL });
    // The admin reopening the session sees the override; a customer may not ask.
    expect(
      await contractBody(
        await get(`/api/admin/sessions/${sessionId}/meeting`, admin),
        SessionMeetingSchema,
      ),
    ).toEqual(meeting);
    expect((await get(`/api/admin/sessions/${sessionId}/meeting`, parent)).status).toBe(403);
    expect((await get(`/api/admin/sessions/${crypto.randomUUID()}/meeting`, admin)).status).toBe(
      404,
    );
    const redirect = await get(`/join/${booking.id}`, parent);
    expect(redirect.headers.get('location')).toBe(OVERRIDE_URL);
    const today = await contractBody(
      await get('/api/admin/sessions?filter=today', admin),
      AdminSessionListSchema,
    );
    const listed = today.items.find((s) => s.id === sessionId);
    expect(listed).toBeDefined();
    expect(listed?.meetingLinkMissing).toBeUndefined();

    const cleared = await contractBody(
      await put(`/api/admin/sessions/${sessionId}/meeting`, { url: null }),
      SessionMeetingSchema,
    );
    expect(cleared).toEqual({ sessionId, overrideUrl: null, meetingUrl: null });
  });

  it('sends each reminder exactly once, with two workers at once and after a restart', async () => {
    moveTo(NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 3 });
    const booking = await bookOne(start!);

    moveTo(shift(start!, -24 * 60 - 1));
    expect((await sendDueReminders(t.deps)).sent).toBe(0);

    moveTo(shift(start!, -24 * 60));
    const both = await Promise.all([sendDueReminders(t.deps), sendDueReminders(t.deps)]);
    expect(both.reduce((n, r) => n + r.sent, 0)).toBe(1);
    // A restart: a fresh pass over the same database sends nothing again.
    expect((await sendDueReminders(t.deps)).sent).toBe(0);
    const dayBefore = await remindersTo(parent.email, booking.id);
    expect(dayBefore).toHaveLength(1);
    expect(dayBefore[0]?.subject).toContain(
      "Pat Parent's GCSE Higher maths session starts in 24 hours",
    );
    expect(dayBefore[0]?.text).toContain('(London time)');
    expect(dayBefore[0]?.text).not.toContain(CLASS_URL);

    moveTo(shift(start!, -60));
    const again = await Promise.all([sendDueReminders(t.deps), sendDueReminders(t.deps)]);
    expect(again.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect((await sendDueReminders(t.deps)).sent).toBe(0);
    const all = await remindersTo(parent.email, booking.id);
    expect(all.map((m) => m.subject.replace(/.*starts /, ''))).toEqual(
      expect.arrayContaining(['in 24 hours', 'in 1 hour']),
    );
    expect(all).toHaveLength(2);
  });

  it('sends none for a cancelled booking', async () => {
    moveTo(NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 4 });
    const booking = await bookOne(start!);
    const cancelled = await api(t, `/api/me/bookings/${booking.id}/cancel`, {
      method: 'POST',
      cookie: parent.cookie,
      ip: parent.ip,
    });
    expect(cancelled.status).toBe(200);
    for (const minutes of [-24 * 60, -60]) {
      moveTo(shift(start!, minutes));
      await sendDueReminders(t.deps);
    }
    expect(await remindersTo(parent.email, booking.id)).toHaveLength(0);
  });

  it('skips a reminder whose time had passed at booking: booked 3 hours ahead, only the 1-hour one', async () => {
    moveTo(NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 5 });
    moveTo(shift(start!, -180));
    const booking = await bookOne(start!);
    await sendDueReminders(t.deps);
    expect(await remindersTo(parent.email, booking.id)).toHaveLength(0);
    moveTo(shift(start!, -60));
    await sendDueReminders(t.deps);
    const sent = await remindersTo(parent.email, booking.id);
    expect(sent.map((m) => m.subject)).toEqual([expect.stringContaining('starts in 1 hour')]);
    const decided = await t.deps.db
      .select()
      .from(bookingReminders)
      .where(eq(bookingReminders.bookingId, booking.id));
    expect(Object.fromEntries(decided.map((r) => [r.kind, r.outcome]))).toEqual({
      '24h': 'skipped',
      '1h': 'sent',
    });
  });

  it('follows a rescheduled booking to its new time, and calendar files keep one UID', async () => {
    moveTo(NOW);
    const [first, second] = await bookableStarts(t, 'gcse-higher', 2, { skip: 6 });
    const original = await bookOne(first!);
    const moved = await api(t, `/api/me/bookings/${original.id}/reschedule`, {
      body: { startsAt: second },
      cookie: parent.cookie,
      ip: parent.ip,
    });
    expect(moved.status).toBe(200);
    const now = (await moved.json()) as Booking;

    moveTo(shift(first!, -60));
    await sendDueReminders(t.deps);
    expect(await remindersTo(parent.email, original.id)).toHaveLength(0);
    moveTo(shift(second!, -24 * 60));
    await sendDueReminders(t.deps);
    expect(await remindersTo(parent.email, now.id)).toHaveLength(1);

    moveTo(NOW);
    const cancelled = await api(t, `/api/me/bookings/${now.id}/cancel`, {
      method: 'POST',
      cookie: parent.cookie,
      ip: parent.ip,
    });
    expect(cancelled.status).toBe(200);

    const mail = await mailFor(parent.email);
    /** Every calendar file of this name in the parent's mail, parsed. */
    const calendars = (filename: string) =>
      mail
        .flatMap((m) => m.attachments)
        .filter((a) => a.filename === filename)
        .map((a) => ({
          contentType: a.contentType,
          ...parseCalendar(Buffer.from(a.content, 'base64').toString('utf8')),
        }));
    const booked = calendars('maths-sessions.ics')
      .flatMap((c) => c.events)
      .find((e) => e.start === new Date(first!).toISOString());
    expect(booked).toBeDefined();
    expect(booked?.sequence).toBe(0);
    expect(booked?.url).toBe(`${t.deps.config.publicUrl}/join/${original.id}`);

    const rescheduled = calendars('rescheduled-session.ics').find((c) =>
      c.events.some((e) => e.uid === booked?.uid),
    );
    expect(rescheduled?.method).toBe('PUBLISH');
    expect(rescheduled?.events).toEqual([
      expect.objectContaining({
        uid: booked?.uid,
        sequence: 1,
        start: new Date(second!).toISOString(),
      }),
    ]);
    expect(rescheduled?.events[0]?.location).toBe(`${t.deps.config.publicUrl}/join/${now.id}`);

    const cancelFile = calendars('cancelled-session.ics').find((c) =>
      c.events.some((e) => e.uid === booked?.uid),
    );
    expect(cancelFile?.method).toBe('CANCEL');
    expect(cancelFile?.contentType).toContain('method=CANCEL');
    expect(cancelFile?.events).toEqual([
      expect.objectContaining({ uid: booked?.uid, sequence: 2, status: 'CANCELLED' }),
    ]);
  });

  it('serves a personal calendar feed whose address rotates; any other token is 404', async () => {
    moveTo(NOW);
    expect((await get('/api/me/calendar-feed')).status).toBe(401);
    const { url } = await contractBody(
      await get('/api/me/calendar-feed', parent),
      CalendarFeedSchema,
    );
    expect(url).toMatch(/\/api\/calendar-feed\.ics\?token=[A-Za-z0-9_-]{20,}$/);
    // The same address until rotated.
    expect(
      (await contractBody(await get('/api/me/calendar-feed', parent), CalendarFeedSchema)).url,
    ).toBe(url);
    const path = url.slice(t.deps.config.publicUrl.length);
    const feed = await t.app.request(path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const parsed = parseCalendar(await feed.text());
    const upcoming = await myBookings();
    expect(parsed.events.map((e) => e.url).sort()).toEqual(
      upcoming.map((b) => `${t.deps.config.publicUrl}/join/${b.id}`).sort(),
    );

    const rotated = await api(t, '/api/me/calendar-feed/rotate', {
      method: 'POST',
      cookie: parent.cookie,
      ip: parent.ip,
    });
    const next = (await contractBody(rotated, CalendarFeedSchema)).url;
    expect(next).not.toBe(url);
    expect((await t.app.request(path)).status).toBe(404);
    expect((await t.app.request(next.slice(t.deps.config.publicUrl.length))).status).toBe(200);
    expect((await t.app.request('/api/calendar-feed.ics?token=guess')).status).toBe(404);
    expect((await t.app.request('/api/calendar-feed.ics')).status).toBe(404);
  });

  it('saves attendance and shows it in the register, the CSV and the user page', async () => {
    moveTo(NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 9 });
    const booking = await bookOne(start!);
    const sessionId = await sessionIdOf(booking.id);
    const path = `/api/admin/sessions/${sessionId}/attendance`;

    const bad = await put(path, { bookingId: booking.id, status: 'asleep' });
    expect(bad.status).toBe(400);
    expect((await contractBody(bad, ProblemSchema)).errors?.map((e) => e.field)).toEqual([
      'status',
    ]);
    expect((await put(path, { bookingId: booking.id, status: 'absent' }, parent)).status).toBe(403);
    const elsewhere = `/api/admin/sessions/${await sessionIdOf((await myBookings())[0]!.id)}/attendance`;
    if (elsewhere !== path) {
      expect((await put(elsewhere, { bookingId: booking.id, status: 'absent' })).status).toBe(404);
    }

    moveTo(shift(start!, 70));
    const mark = await contractBody(
      await put(path, { bookingId: booking.id, status: 'absent' }),
      AttendanceMarkSchema,
    );
    expect(mark).toMatchObject({ bookingId: booking.id, status: 'absent' });
    const attendees = await contractBody(
      await get(`/api/admin/sessions/${sessionId}/attendees`, admin),
      AdminAttendeeListSchema,
    );
    expect(attendees.find((a) => a.bookingId === booking.id)?.attendance).toBe('absent');
    const csv = await (await get(`/api/admin/sessions/${sessionId}/attendees.csv`, admin)).text();
    expect(csv).toContain('"Attendance"');
    expect(csv).toContain('"Absent"');
    const detail = await contractBody(
      await get(`/api/admin/users/${parent.id}`, admin),
      AdminUserDetailSchema,
    );
    expect(detail.noShows).toBe(1);
    expect(detail.bookings.find((b) => b.id === booking.id)?.attendance).toBe('absent');

    await put(path, { bookingId: booking.id, status: 'late' });
    const after = await contractBody(
      await get(`/api/admin/users/${parent.id}`, admin),
      AdminUserDetailSchema,
    );
    expect(after.noShows).toBe(0);
    const [row] = await t.deps.db
      .select({ attendance: bookings.attendance })
      .from(bookings)
      .where(and(eq(bookings.id, booking.id), eq(bookings.sessionId, sessionId)));
    expect(row?.attendance).toBe('late');
    // Both marks are in the audit trail, against the account, with the admin who made them.
    const trail = await t.deps.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.target, `booking:${booking.id}`));
    expect(trail.map((e) => [e.action, e.actorId, e.subjectUserId, e.after])).toEqual([
      ['attendance.mark', admin.id, parent.id, { attendance: 'absent' }],
      ['attendance.mark', admin.id, parent.id, { attendance: 'late' }],
    ]);
  });

  it('leaves a mark made before its session started out of the user page and its no-shows', async () => {
    moveTo(NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 12 });
    const booking = await bookOne(start!);
    // A "No-show" stored on a session weeks ahead, as the service allowed before decision 065.
    await t.deps.db
      .update(bookings)
      .set({ attendance: 'absent' })
      .where(eq(bookings.id, booking.id));
    const before = await contractBody(
      await get(`/api/admin/users/${parent.id}`, admin),
      AdminUserDetailSchema,
    );
    expect(before.bookings.find((b) => b.id === booking.id)?.attendance).toBeNull();
    const countedBefore = before.noShows ?? 0;
    // Once the session has started the mark stands.
    moveTo(shift(start!, 70));
    const after = await contractBody(
      await get(`/api/admin/users/${parent.id}`, admin),
      AdminUserDetailSchema,
    );
    expect(after.bookings.find((b) => b.id === booking.id)?.attendance).toBe('absent');
    expect(after.noShows).toBe(countedBefore + 1);
  });

  it('takes attendance only from the start until 7 days after it (409 attendance-closed)', async () => {
    moveTo(NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 10 });
    const booking = await bookOne(start!);
    const sessionId = await sessionIdOf(booking.id);
    const path = `/api/admin/sessions/${sessionId}/attendance`;
    const storedMark = async () => {
      const [row] = await t.deps.db
        .select({ attendance: bookings.attendance, markedAt: bookings.attendanceMarkedAt })
        .from(bookings)
        .where(eq(bookings.id, booking.id));
      return row;
    };
    // The admin's session list says the same window, so its controls are offered alike (107).
    const listed = async (filter: 'upcoming' | 'previous') =>
      (
        await contractBody(
          await get(`/api/admin/sessions?filter=${filter}`, admin),
          AdminSessionListSchema,
        )
      ).items.find((s) => s.id === sessionId)?.register;
    const refusedAt = async (at: Date, detail: RegExp) => {
      moveTo(at);
      const refused = await put(path, { bookingId: booking.id, status: 'present' });
      expect(refused.status).toBe(409);
      const problem = await contractBody(refused, ProblemSchema);
      expect(problem.code).toBe('attendance-closed');
      expect(problem.detail).toMatch(/from the session's start until 7 days after it/);
      expect(problem.detail).toMatch(detail);
    };

    // 40 days ahead: nothing is stored, audited or counted.
    await refusedAt(shift(start!, -40 * 24 * 60), /not started yet/);
    await refusedAt(shift(start!, -1), /not started yet/);
    expect(await listed('upcoming')).toBe('not-started');
    expect(await storedMark()).toEqual({ attendance: null, markedAt: null });
    const trail = await t.deps.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.target, `booking:${booking.id}`));
    expect(trail).toEqual([]);

    // During the session, and up to the last instant of the week after its start.
    moveTo(shift(start!, 30));
    expect(await listed('previous')).toBe('open');
    expect((await put(path, { bookingId: booking.id, status: 'present' })).status).toBe(200);
    moveTo(shift(start!, 7 * 24 * 60 - 1));
    expect((await put(path, { bookingId: booking.id, status: 'late' })).status).toBe(200);
    expect((await storedMark())?.attendance).toBe('late');

    // 8 days after: closed, the earlier mark stands.
    await refusedAt(shift(start!, 8 * 24 * 60), /closed/);
    await refusedAt(shift(start!, 7 * 24 * 60), /closed/);
    expect(await listed('previous')).toBe('closed');
    expect((await storedMark())?.attendance).toBe('late');
    moveTo(NOW);
  });

  it('moves the clock through /dev/clock in local mode only', async () => {
    const target = '2026-12-01T18:50:00.000Z';
    const moved = await api(t, '/dev/clock', { body: { now: target } });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ now: target });
    expect(clock.now().toISOString()).toBe(target);
    expect((await api(t, '/dev/clock', { body: { now: 'tomorrow' } })).status).toBe(400);
    // A clock nobody may move (production builds no settable clock): no such route.
    const fixed = createApp({ ...t.deps, clock: fixedClock(NOW) });
    const refused = await fixed.request('/dev/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.deps.config.publicUrl },
      body: JSON.stringify({ now: target }),
    });
    expect(refused.status).toBe(404);
    moveTo(NOW);
  });

  it('refuses a /dev/clock instant outside 2000..2100 (400 naming now), the clock unchanged', async () => {
    moveTo(NOW);
    for (const now of [
      '0001-01-01T00:00:00Z',
      '1999-12-31T23:59:59.999Z',
      '2100-01-01T00:00:00Z',
    ]) {
      const refused = await api(t, '/dev/clock', { body: { now } });
      expect(refused.status, now).toBe(400);
      const problem = await contractBody(refused, ProblemSchema);
      expect(problem.errors?.map((e) => e.field)).toEqual(['now']);
      expect(problem.detail).toContain('2000-01-01T00:00:00.000Z');
      expect(problem.detail).toContain('2100-01-01T00:00:00.000Z');
      expect(clock.now().toISOString()).toBe(new Date(NOW).toISOString());
    }
    const edge = '2000-01-01T00:00:00.000Z';
    expect(await (await api(t, '/dev/clock', { body: { now: edge } })).json()).toEqual({
      now: edge,
    });
    moveTo(NOW);
  });

  it('refuses a cross-site /dev/clock move (403), the clock unchanged', async () => {
    moveTo(NOW);
    const target = '2026-12-01T18:50:00.000Z';
    const crossSite = await api(t, '/dev/clock', {
      body: { now: target },
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    const fetchSite = await api(t, '/dev/clock', {
      body: { now: target },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchSite.status).toBe(403);
    expect(clock.now().toISOString()).toBe(new Date(NOW).toISOString());
    // The site's own origin still moves it.
    expect((await api(t, '/dev/clock', { body: { now: target } })).status).toBe(200);
    expect(clock.now().toISOString()).toBe(target);
    moveTo(NOW);
  });
});
