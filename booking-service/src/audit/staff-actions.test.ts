import { AuditListSchema } from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookPaid } from '../testing/checkout-test-kit.ts';
import { auditEntries, bookings, user } from '../db/schema.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/* Every staff action writes exactly one audit entry (decision 058), and so do customers'
 * own cancels and reschedules. */

const NOW = '2026-11-03T09:00:00Z'; // Tuesday 9am London
const WED = '2026-11-04T19:00:00.000Z';
const SUN = '2026-11-08T12:00:00.000Z';
const NEXT_TUE = '2026-11-10T19:00:00.000Z';
const NEXT_WED = '2026-11-11T19:00:00.000Z';

describe.each(TEST_DB_KINDS)('audited actions on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let seen: number;

  /** The entries written since the previous call. */
  async function newEntries() {
    const rows = await t.deps.db.select().from(auditEntries);
    const fresh = rows.slice(seen);
    seen = rows.length;
    return fresh;
  }

  async function bookingAt(startsAt: string) {
    const res = await api(t, '/api/me/bookings?scope=upcoming', { cookie: customer.cookie });
    const list = (await res.json()) as { id: string; startsAt: string }[];
    return list.find((b) => b.startsAt === startsAt)!.id;
  }

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    customer = await signedInUser(t, { name: 'Ada Lovelace' });
    await bookPaid(t, customer, [WED, SUN, NEXT_TUE]);
  });
  beforeEach(async () => {
    await newEntries();
  });
  afterAll(() => t.close());

  it('admin cancel', async () => {
    const id = await bookingAt(WED);
    const res = await api(t, `/api/admin/bookings/${id}/cancel`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(await newEntries()).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorRole: 'admin',
        subjectUserId: customer.id,
        action: 'booking.cancel',
        target: `booking:${id}`,
        before: { status: 'confirmed' },
        after: { status: 'cancelled' },
      }),
    ]);
  });

  it('admin reschedule', async () => {
    const id = await bookingAt(SUN);
    const res = await api(t, `/api/admin/bookings/${id}/reschedule`, {
      body: { startsAt: NEXT_WED },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const [entry, ...rest] = await newEntries();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'booking.reschedule',
      before: { status: 'confirmed', startsAt: SUN },
      after: { status: 'rescheduled', startsAt: NEXT_WED },
    });
  });

  it('a refused action leaves no entry', async () => {
    const id = await bookingAt(NEXT_WED);
    const res = await api(t, `/api/admin/bookings/${id}/reschedule`, {
      body: { startsAt: NEXT_WED },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(409);
    expect(await newEntries()).toEqual([]);
  });

  it('password reset sent by an admin', async () => {
    const res = await api(t, `/api/admin/users/${customer.id}/password-reset`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(res.status).toBe(202);
    expect(await newEntries()).toEqual([
      expect.objectContaining({ actorId: admin.id, action: 'user.password-reset' }),
    ]);
  });

  it('role change and password set through the admin plugin; remove-user refused', async () => {
    const other = await signedInUser(t, { name: 'Bo Peep' });
    await newEntries();
    const role = await api(t, '/api/auth/admin/set-role', {
      body: { userId: other.id, role: 'admin' },
      cookie: admin.cookie,
    });
    expect(role.status).toBe(200);
    expect(await newEntries()).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'user.role-change',
        subjectUserId: other.id,
        before: { role: 'user' },
        after: { role: 'admin' },
      }),
    ]);
    const password = await api(t, '/api/auth/admin/set-user-password', {
      body: { userId: other.id, newPassword: 'brand-new-password-1' },
      cookie: admin.cookie,
    });
    expect(password.status).toBe(200);
    const [set] = await newEntries();
    expect(set).toMatchObject({ action: 'user.password-set', after: { passwordSet: true } });
    expect(JSON.stringify(set)).not.toContain('brand-new-password-1');
    const remove = await api(t, '/api/auth/admin/remove-user', {
      body: { userId: customer.id },
      cookie: admin.cookie,
    });
    expect(remove.status).toBe(403);
    expect(
      await t.deps.db.select().from(bookings).where(eq(bookings.userId, customer.id)),
    ).not.toEqual([]);
  });

  it('refuses the admin plugin actions no page uses and nothing would audit', async () => {
    const other = await signedInUser(t, { name: 'Jack Horner' });
    await newEntries();
    for (const [path, body] of [
      ['/api/auth/admin/impersonate-user', { userId: other.id }],
      ['/api/auth/admin/ban-user', { userId: other.id }],
      ['/api/auth/admin/unban-user', { userId: other.id }],
      ['/api/auth/admin/revoke-user-sessions', { userId: other.id }],
      ['/api/auth/admin/update-user', { userId: other.id, data: { name: 'Changed' } }],
      [
        '/api/auth/admin/create-user',
        { email: 'made-by-admin@example.com', password: 'a-password-123', name: 'Made' },
      ],
    ] as const) {
      const res = await api(t, path, { body, cookie: admin.cookie });
      expect(res.status, path).toBe(403);
    }
    // The account is as it was: not banned, not renamed, still signed in.
    const [row] = await t.deps.db.select().from(user).where(eq(user.id, other.id));
    expect(row).toMatchObject({ name: 'Jack Horner', banned: false });
    expect((await api(t, '/api/me', { cookie: other.cookie })).status).toBe(200);
    expect(await newEntries()).toEqual([]);
    // Reads stay open to admins.
    const list = await api(t, '/api/auth/admin/list-users?limit=5', { cookie: admin.cookie });
    expect(list.status).toBe(200);
  });

  it("customers' own cancel and reschedule, as the customer", async () => {
    const tue = await bookingAt(NEXT_TUE);
    const moved = await api(t, `/api/me/bookings/${tue}/reschedule`, {
      body: { startsAt: SUN },
      cookie: customer.cookie,
    });
    expect(moved.status).toBe(200);
    const sun = await bookingAt(SUN);
    const cancelled = await api(t, `/api/me/bookings/${sun}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
    });
    expect(cancelled.status).toBe(200);
    const entries = await newEntries();
    expect(entries.map((e) => [e.action, e.actorRole, e.actorId])).toEqual([
      ['booking.reschedule', 'customer', customer.id],
      ['booking.cancel', 'customer', customer.id],
    ]);
    // The admin's History of this customer lists them, newest first.
    const res = await api(t, `/api/admin/audit?userId=${customer.id}`, { cookie: admin.cookie });
    const { entries: history } = await contractBody(res, AuditListSchema);
    expect(history[0]).toMatchObject({ action: 'booking.cancel', actorName: 'Ada Lovelace' });
  });
});
