import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookings, checkoutItems, checkouts, classSessions, user } from '../db/schema.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { contractBody } from '../testing/contract-body.ts';
import { bookingRow, holderPupilId } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { teachingThroughHolidays } from '../testing/content-overrides.ts';
import {
  AvailabilitySchema,
  type AvailabilitySlot,
  BookabilitySchema,
  ProblemSchema,
} from '@tuition/api-contract';

/** Saturday 20 March 2027, noon in London (GMT); British summer time starts Sunday 28 March. */
const SPRING_NOW = '2027-03-20T12:00:00.000Z';

async function slotsOf(t: TestApp, query: string, cookie?: string): Promise<AvailabilitySlot[]> {
  const response = await api(t, `/api/availability?${query}`, cookie ? { cookie } : {});
  expect(response.status).toBe(200);
  return (await contractBody(response, AvailabilitySchema)).slots;
}

async function otherUser(t: TestApp): Promise<string> {
  const id = crypto.randomUUID();
  await t.deps.db.insert(user).values({ id, name: 'Someone', email: `${id}@example.com` });
  return id;
}

describe.each(TEST_DB_KINDS)('availability on %s', (dbKind) => {
  let t: TestApp;
  let ada: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: SPRING_NOW });
    t.deps.content = teachingThroughHolidays(t.deps.content);
    ada = await signedInUser(t, { email: 'ada@example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists sessions with UTC instants, London dates and band labels across the spring clock change', async () => {
    const slots = await slotsOf(t, 'service=ks3&from=2027-03-21&to=2027-04-01');
    expect(slots.map((s) => [s.startsAt, s.date, s.time])).toEqual([
      ['2027-03-21T13:00:00.000Z', '2027-03-21', '1:00 PM – 2:00 PM'], // Sun, GMT
      ['2027-03-23T18:00:00.000Z', '2027-03-23', '6:00 PM – 7:00 PM'], // Tue, GMT
      ['2027-03-25T17:00:00.000Z', '2027-03-25', '5:00 PM – 6:00 PM'], // Thu, GMT
      ['2027-03-28T12:00:00.000Z', '2027-03-28', '1:00 PM – 2:00 PM'], // Sun, the day BST starts
      ['2027-03-30T17:00:00.000Z', '2027-03-30', '6:00 PM – 7:00 PM'], // Tue, BST
      ['2027-04-01T16:00:00.000Z', '2027-04-01', '5:00 PM – 6:00 PM'], // Thu, BST
    ]);
    const first = slots[0]!;
    expect(first).toMatchObject({
      endsAt: '2027-03-21T14:00:00.000Z',
      label: 'KS3',
      service: 'ks3',
      pricePence: 1500,
      capacity: 10,
      seatsLeft: 10,
      state: 'available',
    });
    expect(first.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('covers today to 56 days ahead, leaving out sessions that have started', async () => {
    const sats = await slotsOf(t, 'service=sats');
    // Saturday 10:00 today has passed; the window ends on Saturday 15 May 2027 (BST).
    expect(sats[0]?.startsAt).toBe('2027-03-24T17:00:00.000Z');
    expect(sats.at(-1)?.startsAt).toBe('2027-05-15T09:00:00.000Z');
    expect(sats.every((s) => s.date >= '2027-03-20' && s.date <= '2027-05-15')).toBe(true);

    // GCSE Foundation at noon today starts exactly now: no longer bookable.
    const gcse = await slotsOf(t, 'service=gcse&from=2027-03-20&to=2027-03-20');
    expect(gcse).toEqual([]);
    // AS Level at 1pm today is still ahead.
    const asLevel = await slotsOf(t, 'service=aslevel&from=2027-03-20&to=2027-03-20');
    expect(asLevel.map((s) => s.startsAt)).toEqual(['2027-03-20T13:00:00.000Z']);

    // A range reaching outside the window is clipped to it.
    const clipped = await slotsOf(t, 'service=sats&from=2027-01-01&to=2027-12-31');
    expect(clipped).toEqual(sats);
    expect(await slotsOf(t, 'service=sats&from=2027-06-01&to=2027-06-30')).toEqual([]);
  });

  it('creates each session row once, however often it is listed', async () => {
    await slotsOf(t, 'service=alevel');
    await slotsOf(t, 'service=alevel');
    const rows = await t.deps.db
      .select()
      .from(classSessions)
      .where(eq(classSessions.service, 'alevel'));
    const starts = rows.map((r) => r.startsAt.toISOString());
    expect(new Set(starts).size).toBe(starts.length);
    expect(rows.length).toBe((await slotsOf(t, 'service=alevel')).length);
    expect(rows.every((r) => r.subject === 'mathematics')).toBe(true);
  });

  it('only reads once the session rows exist: a repeated listing writes nothing', async () => {
    const first = await slotsOf(t, 'service=aslevel');
    const insert = vi.spyOn(t.deps.db, 'insert');
    try {
      expect(await slotsOf(t, 'service=aslevel')).toEqual(first);
      expect(insert).not.toHaveBeenCalled();
    } finally {
      insert.mockRestore();
    }
  });

  it('counts confirmed bookings and unexpired pending checkouts as taken seats', async () => {
    const [slot] = await slotsOf(t, 'service=gcse-higher&from=2027-04-04&to=2027-04-04');
    expect(slot).toBeDefined();
    const sessionId = slot!.sessionId;
    await t.deps.db
      .update(classSessions)
      .set({ capacity: 3 })
      .where(eq(classSessions.id, sessionId));

    await t.deps.db
      .insert(bookings)
      .values(await bookingRow(t.deps.db, { userId: await otherUser(t), sessionId }));
    await t.deps.db
      .insert(bookings)
      .values(
        await bookingRow(t.deps.db, { userId: await otherUser(t), sessionId, status: 'cancelled' }),
      );
    const hold = async (userId: string, status: 'pending' | 'expired', expiresAt: string) => {
      const [checkout] = await t.deps.db
        .insert(checkouts)
        .values({
          userId,
          status,
          provider: 'local',
          amountPence: 1500,
          sessionCount: 1,
          expiresAt: new Date(expiresAt),
        })
        .returning();
      await t.deps.db.insert(checkoutItems).values({
        checkoutId: checkout!.id,
        sessionId,
        pupilId: await holderPupilId(t.deps.db, userId),
      });
    };
    await hold(await otherUser(t), 'pending', '2027-03-20T12:30:00Z'); // still holding
    await hold(await otherUser(t), 'pending', '2027-03-20T11:30:00Z'); // lapsed
    await hold(await otherUser(t), 'expired', '2027-03-20T12:30:00Z');

    const [counted] = await slotsOf(t, 'service=gcse-higher&from=2027-04-04&to=2027-04-04');
    expect(counted).toMatchObject({ capacity: 3, seatsLeft: 1, state: 'available' });

    await t.deps.db
      .insert(bookings)
      .values(await bookingRow(t.deps.db, { userId: await otherUser(t), sessionId }));
    const [full] = await slotsOf(t, 'service=gcse-higher&from=2027-04-04&to=2027-04-04');
    expect(full).toMatchObject({ seatsLeft: 0, state: 'full' });
  });

  it("marks the signed-in user's confirmed sessions booked and their unpaid ones pending", async () => {
    const slots = await slotsOf(t, 'service=ks3&from=2027-04-06&to=2027-04-08');
    const [tuesday, thursday] = slots;
    await t.deps.db
      .insert(bookings)
      .values(await bookingRow(t.deps.db, { userId: ada.id, sessionId: tuesday!.sessionId }));
    const [checkout] = await t.deps.db
      .insert(checkouts)
      .values({
        userId: ada.id,
        provider: 'local',
        amountPence: 1500,
        sessionCount: 1,
        expiresAt: new Date('2027-03-20T12:30:00Z'),
      })
      .returning();
    await t.deps.db.insert(checkoutItems).values({
      checkoutId: checkout!.id,
      sessionId: thursday!.sessionId,
      pupilId: await holderPupilId(t.deps.db, ada.id),
    });

    const mine = await slotsOf(t, 'service=ks3&from=2027-04-06&to=2027-04-08', ada.cookie);
    expect(mine.map((s) => s.state)).toEqual(['booked', 'pending']);
    const anonymous = await slotsOf(t, 'service=ks3&from=2027-04-06&to=2027-04-08');
    expect(anonymous.map((s) => s.state)).toEqual(['available', 'available']);
    expect(anonymous.map((s) => s.seatsLeft)).toEqual([9, 9]);
  });

  it('lets caches share an anonymous answer briefly, and keeps a signed-in one private', async () => {
    const anonymous = await api(t, '/api/availability?service=gcse');
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('Cache-Control')).toBe('public, max-age=15');
    expect(anonymous.headers.get('Vary')).toContain('Cookie');
    const signedIn = await api(t, '/api/availability?service=gcse', { cookie: ada.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('Cache-Control')).toBe('no-store');
    expect(signedIn.headers.get('Vary')).toContain('Cookie');
  });

  it('answers 400 naming the parameter for an unknown service or a bad date', async () => {
    const cases: Array<[string, string]> = [
      ['service=physics', 'service'],
      ['from=2027-03-21', 'service'],
      ['service=ks3&from=2027-02-30', 'from'],
      ['service=ks3&to=21/03/2027', 'to'],
      ['service=ks3&from=2027-04-02&to=2027-04-01', 'to'],
    ];
    for (const [query, field] of cases) {
      const response = await api(t, `/api/availability?${query}`);
      expect(response.status, query).toBe(400);
      const body = await contractBody(response, ProblemSchema);
      expect(
        body.errors?.map((e) => e.field),
        query,
      ).toContain(field);
      expect(body.detail, query).toContain(field);
    }
  });
});

describe.each(TEST_DB_KINDS)('availability across the autumn clock change on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Tuesday 20 October 2026; GMT returns on Sunday 25 October.
    t = await createTestApp({ dbKind, now: '2026-10-20T12:00:00Z' });
    t.deps.content = teachingThroughHolidays(t.deps.content);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps London wall-clock times when British summer time ends', async () => {
    const slots = await slotsOf(t, 'service=alevel&from=2026-10-20&to=2026-11-01');
    expect(slots.map((s) => [s.startsAt, s.time])).toEqual([
      ['2026-10-22T18:00:00.000Z', '7:00 PM – 8:00 PM'], // Thu, BST
      ['2026-10-25T10:00:00.000Z', '10:00 AM – 11:00 AM'], // Sun, the day GMT returns
      ['2026-10-29T19:00:00.000Z', '7:00 PM – 8:00 PM'], // Thu, GMT
      ['2026-11-01T10:00:00.000Z', '10:00 AM – 11:00 AM'], // Sun, GMT
    ]);
  });
});

describe.each(TEST_DB_KINDS)('bookability on %s', (dbKind) => {
  let t: TestApp;
  let ada: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: SPRING_NOW });
    t.deps.content = teachingThroughHolidays(t.deps.content);
    ada = await signedInUser(t, { email: 'ada@example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const check = async (body: unknown, cookie?: string) =>
    api(t, '/api/bookability', { body, ...(cookie ? { cookie } : {}) });

  it('answers ok, duplicate, full or invalid per requested start, in request order', async () => {
    const [held, full, free] = await slotsOf(t, 'service=ks3&from=2027-03-21&to=2027-03-25');
    await t.deps.db
      .insert(bookings)
      .values(await bookingRow(t.deps.db, { userId: ada.id, sessionId: held!.sessionId }));
    await t.deps.db
      .update(classSessions)
      .set({ capacity: 1 })
      .where(eq(classSessions.id, full!.sessionId));
    await t.deps.db
      .insert(bookings)
      .values(
        await bookingRow(t.deps.db, { userId: await otherUser(t), sessionId: full!.sessionId }),
      );

    const startsAt = [
      held!.startsAt,
      full!.startsAt,
      free!.startsAt,
      '2027-03-23T18:30:00Z', // not a timetable start
      '2027-03-23T17:00:00Z', // GCSE Foundation's slot, not KS3's
      '2027-03-20T10:00:00Z', // today, already started (SATs anyway)
      '2027-05-23T12:00:00Z', // a KS3 Sunday, but beyond the 56-day window
    ];
    const response = await check({ service: 'ks3', startsAt }, ada.cookie);
    expect(response.status).toBe(200);
    const { results } = await contractBody(response, BookabilitySchema);
    expect(results).toMatchObject([
      { startsAt: held!.startsAt, status: 'duplicate' },
      { startsAt: full!.startsAt, status: 'full' },
      { startsAt: free!.startsAt, status: 'ok' },
      { startsAt: '2027-03-23T18:30:00Z', status: 'invalid' },
      { startsAt: '2027-03-23T17:00:00Z', status: 'invalid' },
      { startsAt: '2027-03-20T10:00:00Z', status: 'invalid' },
      { startsAt: '2027-05-23T12:00:00Z', status: 'invalid' },
    ]);

    // Signed out, nothing is "yours": the held session is simply bookable.
    const anonymous = await check({ service: 'ks3', startsAt: [held!.startsAt] });
    expect((await contractBody(anonymous, BookabilitySchema)).results).toMatchObject([
      { startsAt: held!.startsAt, status: 'ok' },
    ]);
  });

  it('accepts the same instant written with an offset', async () => {
    const response = await check({ service: 'ks3', startsAt: ['2027-03-30T18:00:00+01:00'] });
    expect((await contractBody(response, BookabilitySchema)).results).toMatchObject([
      { startsAt: '2027-03-30T18:00:00+01:00', status: 'ok' },
    ]);
  });

  it('answers 400 for an unknown service, no sessions, or a malformed start', async () => {
    for (const [body, field] of [
      [{ service: 'physics', startsAt: ['2027-03-23T18:00:00Z'] }, 'service'],
      [{ service: 'ks3', startsAt: [] }, 'startsAt'],
      [{ service: 'ks3', startsAt: ['next tuesday'] }, 'startsAt.0'],
    ] as const) {
      const response = await check(body);
      expect(response.status).toBe(400);
      const { errors } = await contractBody(response, ProblemSchema);
      expect(errors?.map((e) => e.field)).toContain(field);
    }
  });

  it('appears in the OpenAPI document with the other feature routes', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    for (const path of ['/api/availability', '/api/bookability', '/api/me', '/api/contact']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
