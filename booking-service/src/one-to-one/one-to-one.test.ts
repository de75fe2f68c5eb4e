import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OneToOneAvailability, TutorCalendar, TutorOneToOne } from '@tuition/api-contract';
import { isSlotFree, londonWallClockToUtc, SERVICES, toLondonWallClock } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, checkoutItems, checkouts, classSessions } from '../db/schema.ts';
import {
  insertBooking,
  insertCheckout,
  insertCustomer,
  insertSession,
} from '../testing/admin-fixtures.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { leadClass, signedInTutor } from '../testing/tutor-fixtures.ts';
import { tutorOneToOneCalendar } from '../sessions/one-to-one-hours.ts';
import { type CalendarReadDeps, readTutorCalendars } from './calendar-reads.ts';

/*
 * 1-to-1 hours (docs/decisions/104): a tutor's windows and exceptions, their private calendar
 * read into busy times, their group and 1-to-1 lessons with the 15-minute gap, the admin's
 * per-tutor courses and rate, and the public slot list naming tutors by first name only.
 */

// Monday 1 March 2027, 9 am London (GMT).
const NOW = '2027-03-01T09:00:00Z';
const london = londonWallClockToUtc;
const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

/** A feed the test rewrites between reads, served on the loopback address. */
class FeedServer {
  body = '';
  status = 200;
  delayMs = 0;
  requests = 0;
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((_request, response) => {
      this.requests += 1;
      setTimeout(() => {
        response.writeHead(this.status, { 'content-type': 'text/calendar' });
        response.end(this.body);
      }, this.delayMs);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

const utc = (instant: Date) => instant.toISOString().replace(/[-:]/g, '').replace('.000', '');

/** Europe/London as Google Calendar writes it into a feed. */
const LONDON_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** A VCALENDAR of the given VEVENT bodies. */
function feed(...events: string[]): string {
  const body = events.map((event, i) =>
    [
      'BEGIN:VEVENT',
      `UID:event-${i}@example.com`,
      `DTSTAMP:20270101T000000Z`,
      event,
      'END:VEVENT',
    ].join('\r\n'),
  );
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    ...body,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const event = (date: string, from: string, to: string, extra = '') =>
  [`DTSTART:${utc(london(date, from))}`, `DTEND:${utc(london(date, to))}`, 'SUMMARY:Dentist', extra]
    .filter(Boolean)
    .join('\r\n');

describe('1-to-1 hours', () => {
  let t: TestApp;
  let logs: ReturnType<typeof captureLogs>;
  let feedServer: FeedServer;
  let feedOrigin: string;
  let admin: TestUser;
  let customer: TestUser;
  let ada: TestUser & { tutorId: string };
  let ben: TestUser & { tutorId: string };
  let reads: CalendarReadDeps;

  const slots = async (query: string) => {
    const response = await api(t, `/api/one-to-one/availability?${query}`);
    expect(response.status).toBe(200);
    return json<OneToOneAvailability>(response);
  };
  /** The London start times of one tutor's slots on one date. */
  const startsOn = async (tutorId: string, date: string, length = 60) => {
    const answer = await slots(
      `service=gcse&from=${date}&to=${date}&tutorId=${tutorId}&lengthMinutes=${length}`,
    );
    return answer.slots.map((slot) => toLondonWallClock(new Date(slot.startsAt)).time);
  };
  const setWindows = (tutor: TestUser, body: unknown) =>
    api(t, '/api/tutor/availability', { method: 'PUT', cookie: tutor.cookie, body });
  const teach = (tutorId: string, services: string[], ratePencePerHour = 3000) =>
    api(t, `/api/admin/tutors/${tutorId}/one-to-one`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { services, ratePencePerHour },
    });

  beforeAll(async () => {
    logs = captureLogs();
    t = await createTestApp({ now: NOW, logger: logs.logger });
    feedServer = new FeedServer();
    feedOrigin = await feedServer.start();
    reads = { ...t.deps, calendarLimits: { timeoutMs: 500, maxBytes: 20_000 } };
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    customer = await signedInUser(t, { name: 'Carl Customer' });
    ada = await signedInTutor(t, { name: 'Ada Lovelace' });
    ben = await signedInTutor(t, { name: 'Ben Babbage' });
    expect((await teach(ada.tutorId, ['gcse', 'gcse-higher'])).status).toBe(200);
    expect((await teach(ben.tutorId, ['gcse'])).status).toBe(200);
  });
  afterAll(async () => {
    await feedServer?.stop();
    await t?.close();
  });

  it('a tutor with no windows has no slot, however long the range', async () => {
    const answer = await slots(`service=gcse&tutorId=${ben.tutorId}&from=2027-03-01&to=2027-03-28`);
    expect(answer).toMatchObject({
      lengthMinutes: 60,
      from: '2027-03-01',
      to: '2027-03-28',
      slots: [],
    });
  });

  it('offers each window on the quarter hour, minus whole-day and part-day exceptions', async () => {
    const saved = await setWindows(ada, {
      windows: [
        { day: 'mon', from: '16:00', to: '18:00' },
        { day: 'tue', from: '16:00', to: '22:00' },
        { day: 'wed', from: '14:00', to: '18:00' },
      ],
      exceptions: [
        { date: '2027-03-08', available: false },
        { date: '2027-03-15', from: '16:00', to: '16:30', available: false },
        // A day already past is dropped.
        { date: '2027-02-01' },
      ],
    });
    expect(saved.status).toBe(200);
    const body = await json<{ exceptions: { date: string }[] }>(saved);
    expect(body.exceptions.map((e) => e.date)).toEqual(['2027-03-08', '2027-03-15']);
    expect(await startsOn(ada.tutorId, '2027-03-01')).toEqual([
      '16:00',
      '16:15',
      '16:30',
      '16:45',
      '17:00',
    ]);
    expect(await startsOn(ada.tutorId, '2027-03-08')).toEqual([]);
    expect(await startsOn(ada.tutorId, '2027-03-15')).toEqual(['16:30', '16:45', '17:00']);
    // Easter Monday: the school is closed.
    expect(await startsOn(ada.tutorId, '2027-03-29')).toEqual([]);
    // Not a course she teaches 1-to-1.
    expect((await slots(`service=ks3&tutorId=${ada.tutorId}`)).slots).toEqual([]);
  });

  it('names tutors by first name only in the public list', async () => {
    const response = await api(
      t,
      '/api/one-to-one/availability?service=gcse&from=2027-03-01&to=2027-03-01',
    );
    const text = await response.text();
    const answer = JSON.parse(text) as OneToOneAvailability;
    expect(new Set(answer.slots.map((s) => s.tutorName))).toEqual(new Set(['Ada']));
    expect(text).not.toContain('Lovelace');
    expect(answer.slots.every((s) => s.tutorId === ada.tutorId)).toBe(true);
  });

  it('keeps a group session the tutor leads 15 minutes clear of any 1-to-1', async () => {
    // Ada leads GCSE Higher on Tuesdays at 19:00 (the seed timetable's slot; no session row yet).
    await leadClass(t, ada.tutorId, { service: 'gcse-higher', day: 'tue', startTime: '19:00' });
    const tuesday = await startsOn(ada.tutorId, '2027-03-02');
    expect(tuesday.filter((time) => time > '17:45' && time < '20:15')).toEqual([]);
    expect(tuesday).toEqual(expect.arrayContaining(['17:45', '20:15', '21:00']));
  });

  it('frees the hour of a led session someone else covers, and blocks the one she covers', async () => {
    const covered = await insertSession(t.deps.db, {
      service: 'gcse-higher',
      date: '2027-03-09',
      time: '19:00',
    });
    await t.deps.db
      .update(classSessions)
      .set({ coverTutorId: ben.tutorId })
      .where(eq(classSessions.id, covered.id));
    expect(await startsOn(ada.tutorId, '2027-03-09')).toContain('19:00');
    // She covers Wednesday's 17:00 SATs class.
    const wednesday = await insertSession(t.deps.db, {
      service: 'sats',
      date: '2027-03-03',
      time: '17:00',
    });
    await t.deps.db
      .update(classSessions)
      .set({ coverTutorId: ada.tutorId })
      .where(eq(classSessions.id, wednesday.id));
    expect((await startsOn(ada.tutorId, '2027-03-03')).at(-1)).toBe('15:45');
  });

  it('blocks her 1-to-1 lessons with a live seat, confirmed or held, and not a lapsed hold', async () => {
    const family = await insertCustomer(t.deps.db, {
      name: 'Priya Patel',
      email: 'priya@example.com',
    });
    const pupilId = await insertPupil(t.deps.db, {
      userId: family,
      name: 'Maya Patel',
      yearGroup: 'y10',
    });
    const lesson = async (date: string, time: string) => {
      const startsAt = london(date, time);
      const [row] = await t.deps.db
        .insert(classSessions)
        .values({
          subject: SERVICES.gcse.subject,
          service: 'gcse',
          kind: 'one-to-one',
          tutorId: ada.tutorId,
          capacity: 1,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_600_000),
          pricePence: 5000,
        })
        .returning({ id: classSessions.id });
      return row?.id ?? '';
    };
    const hold = async (sessionId: string, expiresAt: Date) => {
      const checkoutId = await insertCheckout(t.deps.db, {
        userId: family,
        status: 'pending',
        amountPence: 5000,
      });
      await t.deps.db.update(checkouts).set({ expiresAt }).where(eq(checkouts.id, checkoutId));
      await t.deps.db.insert(checkoutItems).values({ checkoutId, sessionId, pupilId });
    };
    const booked = await lesson('2027-03-22', '16:00');
    await insertBooking(t.deps.db, { userId: family, sessionId: booked, pupilId });
    expect(await startsOn(ada.tutorId, '2027-03-22')).toEqual([]);
    // What the checkout re-reads under the tutor's lock agrees; a reschedule leaves its own out.
    const day = { startsAt: london('2027-03-22', '00:00'), endsAt: london('2027-03-23', '00:00') };
    const context = { now: new Date(NOW), timetable: await t.deps.content.timetable() };
    const hours = await tutorOneToOneCalendar(t.deps.db, ada.tutorId, day, context);
    const slot = { startsAt: london('2027-03-22', '16:00'), endsAt: london('2027-03-22', '17:00') };
    expect(isSlotFree(hours, slot, { now: context.now, closures: [] })).toBe(false);
    const moving = await tutorOneToOneCalendar(t.deps.db, ada.tutorId, day, {
      ...context,
      except: booked,
    });
    expect(isSlotFree(moving, slot, { now: context.now, closures: [] })).toBe(true);
    await hold(await lesson('2027-03-24', '16:00'), new Date(Date.parse(NOW) + 30 * 60_000));
    expect((await startsOn(ada.tutorId, '2027-03-24')).at(-1)).toBe('14:45');
    await hold(await lesson('2027-03-17', '16:00'), new Date(Date.parse(NOW) - 60_000));
    expect((await startsOn(ada.tutorId, '2027-03-17')).at(-1)).toBe('17:00');
  });

  it('reads the private calendar: an event blocks its hour on the next read, a removed one frees it', async () => {
    const address = `${feedOrigin}/calendar/ical/private-s3cr3t-t0ken/basic.ics`;
    feedServer.body = feed(
      event('2027-04-19', '16:30', '17:00'),
      event('2027-04-19', '12:00', '13:00', 'TRANSP:TRANSPARENT'),
    );
    const saved = await api(t, '/api/tutor/calendar', {
      method: 'PUT',
      cookie: ada.cookie,
      body: { url: address },
    });
    expect(saved.status).toBe(200);
    const shown = await json<TutorCalendar>(saved);
    expect(shown).toEqual({ url: `${feedOrigin}/…`, lastReadAt: null, lastError: null });
    await setWindows(ada, {
      windows: [
        { day: 'mon', from: '12:00', to: '18:00' },
        { day: 'tue', from: '16:00', to: '22:00' },
      ],
      exceptions: [],
    });
    expect(await startsOn(ada.tutorId, '2027-04-19')).toContain('16:00');
    expect(await readTutorCalendars(reads)).toEqual({ read: 1, failed: 0 });
    const blocked = await startsOn(ada.tutorId, '2027-04-19');
    expect(blocked).toContain('15:30');
    expect(blocked.filter((time) => time > '15:30' && time < '17:00')).toEqual([]);
    // Marked free in the calendar: no block.
    expect(blocked).toContain('12:00');
    const status = await json<TutorCalendar>(
      await api(t, '/api/tutor/calendar', { cookie: ada.cookie }),
    );
    expect(status.lastReadAt).toBe(new Date(NOW).toISOString());
    // The admin sees busy, never what.
    const adminView = await api(t, `/api/admin/tutors/${ada.tutorId}/one-to-one`, {
      cookie: admin.cookie,
    });
    const adminText = await adminView.text();
    expect(adminText).not.toContain('Dentist');
    expect(adminText).not.toContain('s3cr3t');
    expect((JSON.parse(adminText) as TutorOneToOne).busy).toEqual([
      {
        startsAt: london('2027-04-19', '16:30').toISOString(),
        endsAt: london('2027-04-19', '17:00').toISOString(),
      },
    ]);
    feedServer.body = feed();
    await readTutorCalendars(reads);
    expect(await startsOn(ada.tutorId, '2027-04-19')).toContain('16:00');
    // The address never reaches a log line.
    expect(logs.raw()).not.toContain('s3cr3t');
  });

  it('expands a weekly recurring event in London time, skipping an excluded and a cancelled week', async () => {
    const tz = 'TZID=Europe/London';
    const series = [
      `DTSTART;${tz}:20270309T170000`,
      `DTEND;${tz}:20270309T180000`,
      'RRULE:FREQ=WEEKLY;COUNT=6',
      `EXDATE;${tz}:20270316T170000`,
      'SUMMARY:Choir',
    ].join('\r\n');
    // The cancelled occurrence, as Google writes one: same UID, RECURRENCE-ID, STATUS:CANCELLED.
    const cancelled = [
      `RECURRENCE-ID;${tz}:20270323T170000`,
      `DTSTART;${tz}:20270323T170000`,
      `DTEND;${tz}:20270323T180000`,
      'STATUS:CANCELLED',
    ].join('\r\n');
    feedServer.body = feed(series, cancelled)
      .replace('UID:event-1@', 'UID:event-0@')
      .replace('BEGIN:VEVENT', `${LONDON_VTIMEZONE}\r\nBEGIN:VEVENT`);
    await readTutorCalendars(reads);
    const at17 = async (date: string) => (await startsOn(ada.tutorId, date)).includes('17:00');
    expect(await at17('2027-03-09')).toBe(false);
    expect(await at17('2027-03-16')).toBe(true);
    expect(await at17('2027-03-23')).toBe(true);
    // After the clocks went forward (28 March; then the Easter holiday), still 17:00 London.
    expect(await at17('2027-04-13')).toBe(false);
    // Six occurrences, the excluded one counted: none on the 20th.
    expect(await at17('2027-04-20')).toBe(true);
  });

  it('records a failed read for the tutor and keeps the busy times it knew', async () => {
    feedServer.body = feed(event('2027-04-12', '16:00', '17:00'));
    await readTutorCalendars(reads);
    expect(await startsOn(ada.tutorId, '2027-04-12')).not.toContain('16:00');
    const statusAfter = async () =>
      json<TutorCalendar>(await api(t, '/api/tutor/calendar', { cookie: ada.cookie }));

    feedServer.status = 404;
    expect(await readTutorCalendars(reads)).toEqual({ read: 0, failed: 1 });
    expect((await statusAfter()).lastError).toMatch(/answered 404/);
    expect(await startsOn(ada.tutorId, '2027-04-12')).not.toContain('16:00');

    feedServer.status = 200;
    feedServer.body = `${feed(event('2027-04-12', '16:00', '17:00'))}${'X'.repeat(30_000)}`;
    await readTutorCalendars(reads);
    expect((await statusAfter()).lastError).toMatch(/larger than/);

    feedServer.body = feed();
    feedServer.delayMs = 1_500;
    await readTutorCalendars(reads);
    expect((await statusAfter()).lastError).toMatch(/did not answer within/);
    feedServer.delayMs = 0;

    feedServer.body = '<html>Not found</html>';
    await readTutorCalendars(reads);
    expect((await statusAfter()).lastError).toMatch(/iCalendar/);

    feedServer.body = feed();
    await readTutorCalendars(reads);
    expect(await statusAfter()).toMatchObject({ lastError: null });
    expect(await startsOn(ada.tutorId, '2027-04-12')).toContain('16:00');
    expect(logs.raw()).not.toContain(feedOrigin);
  });

  it('removing the calendar forgets its busy times', async () => {
    feedServer.body = feed(event('2027-04-12', '16:00', '17:00'));
    await readTutorCalendars(reads);
    const removed = await api(t, '/api/tutor/calendar', {
      method: 'PUT',
      cookie: ada.cookie,
      body: { url: null },
    });
    expect(await json<TutorCalendar>(removed)).toEqual({
      url: null,
      lastReadAt: null,
      lastError: null,
    });
    expect(await startsOn(ada.tutorId, '2027-04-12')).toContain('16:00');
  });

  it('an admin sets the courses and rate, written to the audit trail', async () => {
    const set = await teach(ben.tutorId, ['gcse', 'alevel'], 3500);
    expect(await json<TutorOneToOne>(set)).toMatchObject({
      services: ['gcse', 'alevel'],
      ratePencePerHour: 3500,
    });
    const [entry] = (
      await t.deps.db.select().from(auditEntries).where(eq(auditEntries.action, 'tutor.one-to-one'))
    )
      .filter((e) => e.target === `tutor:${ben.tutorId}`)
      .slice(-1);
    expect(entry).toMatchObject({
      actorId: admin.id,
      after: { services: ['gcse', 'alevel'], ratePencePerHour: 3500 },
    });
    expect((await teach(crypto.randomUUID(), ['gcse'])).status).toBe(404);
    // No course left: Ben is off the list whatever his windows.
    await setWindows(ben, { windows: [{ day: 'mon', from: '09:00', to: '21:00' }] });
    expect(
      (await slots(`service=gcse&tutorId=${ben.tutorId}&from=2027-03-01&to=2027-03-01`)).slots
        .length,
    ).toBeGreaterThan(0);
    await teach(ben.tutorId, []);
    expect(
      (await slots(`service=gcse&tutorId=${ben.tutorId}&from=2027-03-01&to=2027-03-01`)).slots,
    ).toEqual([]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const refused = async (response: Response, field: string) => {
      expect(response.status).toBe(400);
      const body = await json<{ errors: { field: string }[] }>(response);
      expect(body.errors.map((e) => e.field)).toContain(field);
    };
    await refused(
      await setWindows(ada, {
        windows: [
          { day: 'mon', from: '16:00', to: '18:00' },
          { day: 'mon', from: '17:30', to: '19:00' },
        ],
      }),
      'windows.1',
    );
    await refused(
      await setWindows(ada, { windows: [{ day: 'mon', from: '16:05', to: '18:00' }] }),
      'windows.0.from',
    );
    await refused(
      await setWindows(ada, { windows: [{ day: 'mon', from: '18:00', to: '16:00' }] }),
      'windows.0.to',
    );
    await refused(
      await setWindows(ada, { windows: [{ day: 'someday', from: '16:00', to: '18:00' }] }),
      'windows.0.day',
    );
    for (const url of [
      'ftp://example.com/cal.ics',
      'http://example.com/cal.ics',
      'not a url',
      'https://user:pw@example.com/x',
    ]) {
      await refused(
        await api(t, '/api/tutor/calendar', { method: 'PUT', cookie: ada.cookie, body: { url } }),
        'url',
      );
    }
    const webcal = await api(t, '/api/tutor/calendar', {
      method: 'PUT',
      cookie: ada.cookie,
      body: { url: 'webcal://calendar.example.com/secret-path/basic.ics' },
    });
    expect(await json<TutorCalendar>(webcal)).toMatchObject({
      url: 'webcal://calendar.example.com/…',
    });
    await refused(
      await api(t, '/api/one-to-one/availability?service=gcse&lengthMinutes=50'),
      'lengthMinutes',
    );
    // 90 is an allowed length, but the content offers only an hour.
    await refused(
      await api(t, '/api/one-to-one/availability?service=gcse&lengthMinutes=90'),
      'lengthMinutes',
    );
    await refused(await api(t, '/api/one-to-one/availability?service=piano'), 'service');
    await refused(
      await api(t, '/api/one-to-one/availability?service=gcse&from=2027-03-01&to=2027-04-30'),
      'to',
    );
    await refused(await teach(ada.tutorId, ['gcse', 'gcse']), 'services');
    await refused(await teach(ada.tutorId, ['gcse'], 12.5), 'ratePencePerHour');
  });

  it("keeps each tutor's hours to themselves and the admin", async () => {
    const bens = await json<{ windows: unknown[] }>(
      await api(t, '/api/tutor/availability', { cookie: ben.cookie }),
    );
    const adas = await json<{ windows: unknown[] }>(
      await api(t, '/api/tutor/availability', { cookie: ada.cookie }),
    );
    expect(bens.windows).not.toEqual(adas.windows);
    expect(
      (await api(t, `/api/admin/tutors/${ada.tutorId}/one-to-one`, { cookie: ben.cookie })).status,
    ).toBe(403);
    expect((await api(t, '/api/tutor/availability', { cookie: customer.cookie })).status).toBe(403);
    expect((await api(t, '/api/tutor/calendar', { cookie: customer.cookie })).status).toBe(403);
    expect((await api(t, '/api/tutor/availability')).status).toBe(401);
    const crossSite = await api(t, '/api/tutor/availability', {
      method: 'PUT',
      cookie: ada.cookie,
      origin: 'https://evil.example',
      body: { windows: [] },
    });
    expect(crossSite.status).toBe(403);
  });
});
