import {
  AdminStatsSchema,
  AdminSummarySchema,
  AuditListSchema,
  DataExportSchema,
} from '@tuition/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookPaid,
  checkoutOk,
  checkoutStatus,
  fillSeats,
  setNow,
} from '../testing/checkout-test-kit.ts';
import { handlePaymentEvent } from '../checkout/payment-events.ts';
import {
  auditEntries,
  bookings,
  classSessions,
  enquiries,
  pupils,
  rateLimit,
  user,
  waitlistEntries,
} from '../db/schema.ts';
import { RATE_LIMIT_SCOPES, rateLimitKey } from '../http/rate-limit.ts';
import { deliverPendingMail } from '../mail/mail-setup.ts';
import { LocalPaymentProvider } from '../payments/local-provider.ts';
import { api, freshIp, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { deletedAddress } from './account-deletion.ts';

const BOOKED_AT = '2026-11-03T09:00:00Z'; // Tuesday 9am London
// GCSE Higher runs Tue 7pm, Wed 7pm and Sun 12pm (GMT in November).
const WED = '2026-11-04T19:00:00.000Z';
const NEXT_TUE = '2026-11-10T19:00:00.000Z';
const LATER = '2026-11-05T09:00:00Z'; // Wednesday's session is past, next Tuesday's ahead

async function enquire(t: TestApp, email: string, message: string) {
  const res = await api(t, '/api/contact', {
    body: { parentName: 'Ada Parent', email, message, preference: 'online' },
    ip: freshIp(),
  });
  expect(res.status).toBeLessThan(300);
}

async function exportOf(t: TestApp, who: TestUser) {
  const res = await api(t, '/api/me/export', { cookie: who.cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="your-data-.+\.json"$/,
  );
  const text = await res.clone().text();
  return { text, document: await contractBody(res, DataExportSchema) };
}

function signIn(t: TestApp, email: string, password: string) {
  return api(t, '/api/auth/sign-in/email', { body: { email, password }, ip: freshIp() });
}

describe.each(TEST_DB_KINDS)('your data on %s', (dbKind) => {
  let t: TestApp;
  let ada: TestUser;
  let bo: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: BOOKED_AT });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    ada = await signedInUser(t, { name: 'Ada Lovelace' });
    bo = await signedInUser(t, { name: 'Bo Peep' });
    await bookPaid(t, ada, [WED, NEXT_TUE]);
    await bookPaid(t, bo, [WED]);
    await insertPupil(t.deps.db, {
      userId: ada.id,
      name: 'Byron Lovelace',
      yearGroup: 'y12',
      email: 'byron@example.com',
    });
    await enquire(t, ada.email, 'Ada asks about GCSE');
    await enquire(t, bo.email, 'Bo asks about SATs');
    await deliverPendingMail(t.deps);
    setNow(t, LATER);
  });
  afterAll(() => t.close());

  it('exports every kind of record of the account and nothing of another', async () => {
    const { text, document } = await exportOf(t, ada);
    expect(document.profile).toMatchObject({ id: ada.id, email: ada.email, name: 'Ada Lovelace' });
    expect(document.pupils.map((p) => p.name).sort()).toEqual(['Ada Lovelace', 'Byron Lovelace']);
    expect(document.bookings.map((b) => b.startsAt)).toEqual([WED, NEXT_TUE]);
    expect(document.payments).toHaveLength(1);
    expect(document.payments[0]).toMatchObject({ status: 'paid', amountPence: 3000 });
    expect(document.enquiries.map((e) => e.message)).toEqual(['Ada asks about GCSE']);
    expect(document.emails.length).toBeGreaterThan(0);
    expect(document.emails.every((m) => m.to === ada.email)).toBe(true);
    expect(document.waitingList).toEqual([]);
    // Nothing of Bo's: no name, address, enquiry or booking.
    const boBookings = await t.deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.userId, bo.id));
    for (const secret of [bo.email, 'Bo Peep', 'Bo asks', bo.id, ...boBookings.map((b) => b.id)]) {
      expect(text).not.toContain(secret);
    }
  });

  it("shows a booking's status history from the audit trail", async () => {
    const { document } = await exportOf(t, ada);
    const future = document.bookings.find((b) => b.startsAt === NEXT_TUE)!;
    const res = await api(t, `/api/me/bookings/${future.id}/reschedule`, {
      body: { startsAt: '2026-11-11T19:00:00.000Z' },
      cookie: ada.cookie,
    });
    expect(res.status).toBe(200);
    const after = (await exportOf(t, ada)).document;
    const moved = after.bookings.find((b) => b.id === future.id)!;
    expect(moved.status).toBe('rescheduled');
    expect(moved.history).toEqual([
      expect.objectContaining({ action: 'booking.reschedule', by: 'customer' }),
    ]);
  });

  it('lets an admin export any user, and records that export', async () => {
    const res = await api(t, `/api/admin/users/${bo.id}/export`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await contractBody(res, DataExportSchema)).profile.email).toBe(bo.email);
    const forbidden = await api(t, `/api/admin/users/${bo.id}/export`, { cookie: ada.cookie });
    expect(forbidden.status).toBe(403);
    const entries = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'user.export'), eq(auditEntries.subjectUserId, bo.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, actorRole: 'admin' });
  });

  it('keeps customers and strangers out of the audit trail', async () => {
    expect((await api(t, '/api/admin/audit')).status).toBe(401);
    expect((await api(t, `/api/admin/audit?userId=${ada.id}`, { cookie: ada.cookie })).status).toBe(
      403,
    );
    const res = await api(t, `/api/admin/audit?userId=${ada.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const { entries } = await contractBody(res, AuditListSchema);
    expect(entries.every((e) => e.subjectUserId === ada.id)).toBe(true);
  });

  it('refuses a deletion with a wrong or missing password and changes nothing', async () => {
    for (const body of [{ password: 'not-my-password' }, {}]) {
      const res = await api(t, '/api/me', { method: 'DELETE', body, cookie: ada.cookie });
      expect(res.status).toBe(400);
      const problem = (await res.json()) as { errors: { field: string }[] };
      expect(problem.errors.map((e) => e.field)).toEqual(['password']);
    }
    const [row] = await t.deps.db.select().from(user).where(eq(user.id, ada.id));
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: ada.email, deletedAt: null });
    expect((await api(t, '/api/me', { cookie: ada.cookie })).status).toBe(200);
    expect((await signIn(t, ada.email, ada.password)).status).toBe(200);
  });

  it('refuses a deletion sent from another site', async () => {
    const res = await api(t, '/api/me', {
      method: 'DELETE',
      body: { password: ada.password },
      cookie: ada.cookie,
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });

  it('deletes the account: sign-in fails, figures stay, seats free, names gone, e-mail reusable', async () => {
    const figures = async () => {
      const summary = await api(t, '/api/admin/summary', { cookie: admin.cookie });
      const stats = await api(t, '/api/admin/stats', { cookie: admin.cookie });
      return {
        summary: await contractBody(summary, AdminSummarySchema),
        stats: await contractBody(stats, AdminStatsSchema),
      };
    };
    const before = await figures();
    const [wedSession] = await t.deps.db
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(eq(classSessions.startsAt, new Date(WED)));

    const res = await api(t, '/api/me', {
      method: 'DELETE',
      body: { password: ada.password },
      cookie: ada.cookie,
    });
    expect(res.status).toBe(204);

    // Sign-in fails and the old session is gone.
    expect((await signIn(t, ada.email, ada.password)).status).toBe(401);
    expect((await api(t, '/api/me', { cookie: ada.cookie })).status).toBe(401);
    // Revenue is unchanged, and so are past bookings (only the future seat went).
    const after = await figures();
    expect(after.summary.totalRevenuePence).toBe(before.summary.totalRevenuePence);
    expect(after.summary.totalRevenuePence).toBeGreaterThan(0);
    expect(after.stats.revenuePerMonth).toEqual(before.stats.revenuePerMonth);
    expect(after.summary.totalUsers).toBe(before.summary.totalUsers);
    expect(after.summary.totalBookings).toBe(before.summary.totalBookings - 1);
    // Future seats freed: Ada holds no confirmed seat after now.
    const adaSeats = await t.deps.db
      .select({ status: bookings.status, startsAt: classSessions.startsAt })
      .from(bookings)
      .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
      .where(eq(bookings.userId, ada.id));
    expect(
      adaSeats.filter((s) => s.status === 'confirmed' && s.startsAt > new Date(LATER)),
    ).toEqual([]);
    expect(adaSeats.some((s) => s.status === 'confirmed')).toBe(true); // the past one stays
    // The register of the past session no longer names her or her pupils.
    const register = await api(t, `/api/admin/sessions/${wedSession!.id}/attendees.csv`, {
      cookie: admin.cookie,
    });
    const csv = await register.text();
    expect(csv).toContain('Deleted customer');
    for (const gone of ['Ada Lovelace', ada.email, 'Byron']) expect(csv).not.toContain(gone);
    const kept = await t.deps.db.select().from(pupils).where(eq(pupils.userId, ada.id));
    expect(kept.every((p) => p.name === 'Deleted customer' && p.email === null)).toBe(true);
    // One audit entry, by the customer.
    const entries = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'user.delete'), eq(auditEntries.subjectUserId, ada.id)));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(ada.email);
    // The address can register again, as a new account.
    const again = await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Ada Again', email: ada.email, password: 'another-horse-battery' },
      ip: freshIp(),
    });
    expect(again.status).toBe(200);
    const rows = await t.deps.db.select().from(user).where(eq(user.email, ada.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(ada.id);
  });

  it('lets an admin delete a customer, once, and never an admin', async () => {
    const res = await api(t, `/api/admin/users/${bo.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(res.status).toBe(204);
    const [row] = await t.deps.db.select().from(user).where(eq(user.id, bo.id));
    expect(row).toMatchObject({ name: 'Deleted customer', phone: null });
    expect(row!.deletedAt).not.toBeNull();
    const twice = await api(t, `/api/admin/users/${bo.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(twice.status).toBe(404);
    const self = await api(t, `/api/admin/users/${admin.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(self.status).toBe(403);
    const entries = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'user.delete'), eq(auditEntries.subjectUserId, bo.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, actorRole: 'admin' });
  });
});

describe.each(TEST_DB_KINDS)('deleting an account with waiting lists on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: BOOKED_AT });
  });
  afterAll(() => t.close());

  const join = (who: TestUser, startsAt: string) =>
    api(t, '/api/waitlist', {
      body: { service: 'gcse-higher', startsAt },
      cookie: who.cookie,
      ip: who.ip,
    });

  it('offers the freed seat to the next family, leaves the lists, and exports the places', async () => {
    const ada = await signedInUser(t, { name: 'Ada Lovelace' });
    const bo = await signedInUser(t, { name: 'Bo Peep' });
    await bookPaid(t, ada, [NEXT_TUE]);
    await fillSeats(t, 'gcse-higher', NEXT_TUE, 9);
    await fillSeats(t, 'gcse-higher', WED, 10);
    expect((await join(bo, NEXT_TUE)).status).toBe(201);
    expect((await join(ada, WED)).status).toBe(201);

    const { document } = await exportOf(t, ada);
    expect(document.waitingList).toEqual([expect.objectContaining({ status: 'waiting' })]);

    const res = await api(t, '/api/me', {
      method: 'DELETE',
      body: { password: ada.password },
      cookie: ada.cookie,
    });
    expect(res.status).toBe(204);
    const places = await t.deps.db
      .select({ userId: waitlistEntries.userId, status: waitlistEntries.status })
      .from(waitlistEntries);
    expect(places).toEqual(
      expect.arrayContaining([
        { userId: bo.id, status: 'offered' },
        { userId: ada.id, status: 'left' },
      ]),
    );
  });
});

describe.each(TEST_DB_KINDS)("a pupil's unverified address on %s", (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: BOOKED_AT });
  });
  afterAll(() => t.close());

  it("neither exports nor erases another customer's enquiries and mail", async () => {
    const carol = await signedInUser(t, { name: 'Carol Other' });
    const dave = await signedInUser(t, { name: 'Dave Typist' });
    // Dave types Carol's address as his pupil's: nothing checks that the pupil reads it.
    await insertPupil(t.deps.db, {
      userId: dave.id,
      name: 'Pupil Of Dave',
      yearGroup: 'y12',
      email: carol.email.toUpperCase(),
    });
    await enquire(t, carol.email, 'Carol asks about A level');
    await deliverPendingMail(t.deps);
    const carolsMail = await mailTo(t, carol.email);
    expect(carolsMail.length).toBeGreaterThan(0);

    const { text, document } = await exportOf(t, dave);
    expect(document.emails.length).toBeGreaterThan(0);
    expect(document.emails.every((m) => m.to === dave.email)).toBe(true);
    expect(text).not.toContain('Carol asks');

    const res = await api(t, '/api/me', {
      method: 'DELETE',
      body: { password: dave.password },
      cookie: dave.cookie,
    });
    expect(res.status).toBe(204);
    const kept = await t.deps.db
      .select({ message: enquiries.message })
      .from(enquiries)
      .where(eq(enquiries.email, carol.email));
    expect(kept).toEqual([{ message: 'Carol asks about A level' }]);
    expect(await mailTo(t, carol.email)).toHaveLength(carolsMail.length);
  });
});

/** The local provider, noting which payment pages were closed. */
class RecordingProvider extends LocalPaymentProvider {
  readonly closed: string[] = [];
  override async closeHostedPage(providerSessionId: string): Promise<void> {
    this.closed.push(providerSessionId);
    await super.closeHostedPage(providerSessionId);
  }
}

describe.each(TEST_DB_KINDS)('a payment after the account was deleted on %s', (dbKind) => {
  let t: TestApp;
  let payments: RecordingProvider;
  beforeAll(async () => {
    payments = new RecordingProvider();
    t = await createTestApp({ dbKind, now: BOOKED_AT, payments });
  });
  afterAll(() => t.close());

  const completed = (checkout: { checkoutId: string; amountPence: number }) =>
    handlePaymentEvent(
      { ...t.deps, payments },
      {
        id: `evt_paid_${checkout.checkoutId}`,
        kind: 'completed',
        checkoutId: checkout.checkoutId,
        providerSessionId: `cs_${checkout.checkoutId}`,
        paymentIntentId: `pi_${checkout.checkoutId}`,
        amountTotal: checkout.amountPence,
        currency: 'gbp',
      },
    );

  async function deleteAccountOf(who: TestUser) {
    const res = await api(t, '/api/me', {
      method: 'DELETE',
      body: { password: who.password },
      cookie: who.cookie,
    });
    expect(res.status).toBe(204);
  }

  async function seatsOf(who: TestUser) {
    return t.deps.db.select().from(bookings).where(eq(bookings.userId, who.id));
  }

  it('closes the pages of the released checkouts, and refunds a payment that lands anyway', async () => {
    setNow(t, BOOKED_AT);
    const ada = await signedInUser(t, { name: 'Ada Lovelace' });
    const started = await checkoutOk(t, ada, [NEXT_TUE]);
    const page = (await checkoutStatus(t, started.checkoutId))?.providerSessionId;
    expect(page).toBeTruthy();

    await deleteAccountOf(ada);
    expect((await checkoutStatus(t, started.checkoutId))?.status).toBe('cancelled');
    expect(payments.closed).toContain(page);

    expect(await completed(started)).toBe('refunded');
    expect(await seatsOf(ada)).toEqual([]);
    expect(payments.refunds.map((r) => r.paymentIntentId)).toContain(`pi_${started.checkoutId}`);
    expect((await checkoutStatus(t, started.checkoutId))?.refundedAt).toBeInstanceOf(Date);
    // Nothing is written to the deleted account's address.
    await deliverPendingMail(t.deps);
    expect(await mailTo(t, deletedAddress(ada.id))).toEqual([]);
  });

  it('refunds a late payment of a lapsed hold whose account was deleted since, seats free or not', async () => {
    setNow(t, BOOKED_AT);
    const bo = await signedInUser(t, { name: 'Bo Peep' });
    const started = await checkoutOk(t, bo, [NEXT_TUE]);
    const expiry = await handlePaymentEvent(
      { ...t.deps, payments },
      {
        id: `evt_expired_${started.checkoutId}`,
        kind: 'expired',
        checkoutId: started.checkoutId,
        providerSessionId: `cs_${started.checkoutId}`,
      },
    );
    expect(expiry).toBe('released');
    await deleteAccountOf(bo);

    expect(await completed(started)).toBe('refunded');
    expect(await seatsOf(bo)).toEqual([]);
    expect((await checkoutStatus(t, started.checkoutId))?.status).toBe('expired');
  });

  it('refunds a payment on a checkout its owner released, even with the seat still free', async () => {
    setNow(t, BOOKED_AT);
    const cy = await signedInUser(t, { name: 'Cy Twombly' });
    const started = await checkoutOk(t, cy, [NEXT_TUE]);
    const release = await api(t, `/api/checkout/${started.checkoutId}/cancel`, {
      method: 'POST',
      cookie: cy.cookie,
    });
    expect(release.status).toBe(200);
    expect(await completed(started)).toBe('refunded');
    expect(await seatsOf(cy)).toEqual([]);
  });
});

describe.each(TEST_DB_KINDS)('deletion attempts on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: BOOKED_AT });
  });
  afterAll(() => t.close());

  const attempt = (who: TestUser, password: string) =>
    api(t, '/api/me', { method: 'DELETE', body: { password }, cookie: who.cookie });

  it('stops checking the password after 5 attempts in 15 minutes, for that account only', async () => {
    const ada = await signedInUser(t, { name: 'Ada Lovelace' });
    const bo = await signedInUser(t, { name: 'Bo Peep' });
    for (let i = 0; i < 5; i++) expect((await attempt(ada, `guess-${i}`)).status).toBe(400);

    // The right password now changes nothing: the check is not even made.
    const refused = await attempt(ada, ada.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /^Too many attempts to delete this account\. Please try again in \d+ minutes?\.$/,
    );
    const [row] = await t.deps.db.select().from(user).where(eq(user.id, ada.id));
    expect(row?.deletedAt).toBeNull();

    // Counts kept under Bo's address (a failed sign-in, an enquiry) go with the account.
    expect((await signIn(t, bo.email, 'not-bo-password')).status).toBe(401);
    await enquire(t, bo.email, 'Bo asks');
    const secret = t.deps.config.auth.secret;
    const underBo = [
      rateLimitKey(secret, RATE_LIMIT_SCOPES.signInFailures, bo.email),
      rateLimitKey(secret, RATE_LIMIT_SCOPES.contactEmail, bo.email),
    ];
    const keys = async () =>
      (await t.deps.db.select({ key: rateLimit.key }).from(rateLimit)).map((r) => r.key);
    expect(await keys()).toEqual(expect.arrayContaining(underBo));
    expect((await keys()).join(' ')).not.toContain(bo.email);

    expect((await attempt(bo, bo.password)).status).toBe(204);
    for (const key of underBo) expect(await keys()).not.toContain(key);
  });
});
