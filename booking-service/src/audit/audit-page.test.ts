import { AuditListSchema, ProblemSchema } from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookPaid } from '../testing/checkout-test-kit.ts';
import { pupils } from '../db/schema.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { recordAudit } from './audit.ts';

/* The audit trail in words, filtered and paged (decision 073). */

const NOW = '2026-11-03T09:00:00Z'; // Tuesday 9am London
const WED = '2026-11-04T19:00:00.000Z';
const SUN = '2026-11-08T12:00:00.000Z';
const NEXT_TUE = '2026-11-10T19:00:00.000Z';
const NEXT_WED = '2026-11-11T19:00:00.000Z';

describe.each(TEST_DB_KINDS)('the audit page on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;

  async function audit(query: string) {
    const res = await api(t, `/api/admin/audit?${query}`, { cookie: admin.cookie });
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
    return contractBody(res, AuditListSchema);
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
    await t.deps.db.update(pupils).set({ name: 'Maya' }).where(eq(pupils.userId, customer.id));
  });
  afterAll(() => t.close());

  it('writes each entry as a sentence in London time, naming the pupil and session', async () => {
    const wed = await bookingAt(WED);
    const sun = await bookingAt(SUN);
    const tue = await bookingAt(NEXT_TUE);
    const other = await signedInUser(t, { name: 'Bo Peep' });
    const post = (path: string, body?: object) =>
      api(t, path, { cookie: admin.cookie, ...(body ? { body } : { method: 'POST' }) });
    expect((await post(`/api/admin/bookings/${wed}/cancel`)).status).toBe(200);
    expect(
      (await post(`/api/admin/bookings/${sun}/reschedule`, { startsAt: NEXT_WED })).status,
    ).toBe(200);
    const role = await post('/api/auth/admin/set-role', { userId: other.id, role: 'admin' });
    expect(role.status).toBe(200);
    await recordAudit(t.deps.db, {
      actorId: admin.id,
      actorRole: 'admin',
      subjectUserId: customer.id,
      action: 'attendance.mark',
      target: `booking:${tue}`,
      before: { attendance: null },
      after: { attendance: 'present' },
    });
    const own = await api(t, `/api/me/bookings/${tue}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
    });
    expect(own.status).toBe(200);

    const { entries } = await audit('');
    expect(entries.map((e) => e.summary)).toEqual([
      'Booking for Maya (GCSE Higher, Tuesday 10 November 2026, 7:00 PM) cancelled by the customer',
      'Attendance marked Present for Maya (GCSE Higher, Tuesday 10 November 2026, 7:00 PM) by Grace Admin',
      'Role of Bo Peep changed from customer to admin by Grace Admin',
      'Booking for Maya (GCSE Higher) moved from Sunday 8 November 2026, 12:00 PM, midday to ' +
        'Wednesday 11 November 2026, 7:00 PM by Grace Admin',
      'Booking for Maya (GCSE Higher, Wednesday 4 November 2026, 7:00 PM) cancelled by Grace Admin',
    ]);
    for (const { summary } of entries) {
      expect(summary).not.toMatch(/\d{2}:\d{2}:\d{2}|Z\b|booking:|[0-9a-f]{8}-|[{}"]/);
    }
  });

  it('filters by who, what and when (London dates)', async () => {
    expect((await audit('action=booking.cancel')).entries.map((e) => e.actorRole)).toEqual([
      'customer',
      'admin',
    ]);
    const byGrace = await audit('actor=grace');
    expect(byGrace.entries.length).toBe(4);
    expect(byGrace.entries.every((e) => e.actorName === 'Grace Admin')).toBe(true);
    expect((await audit(`actor=${encodeURIComponent('ada@')}`)).entries).toEqual([]);
    expect((await audit('actorRole=customer')).entries.map((e) => e.action)).toEqual([
      'booking.cancel',
    ]);
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    await recordAudit(t.deps.db, {
      actorId: null,
      actorRole: 'system',
      subjectUserId: customer.id,
      action: 'user.role-change',
      target: `user:${customer.id}`,
      before: { role: 'user' },
      after: { role: 'admin' },
      at: new Date('2026-06-30T23:30:00Z'),
    });
    const july = await audit('from=2026-07-01&to=2026-07-01');
    expect(july.entries.map((e) => e.summary)).toEqual([
      'Role of Ada Lovelace changed from customer to admin by the service',
    ]);
    expect((await audit('from=2026-06-01&to=2026-06-30')).entries).toEqual([]);
    expect((await audit('to=2026-11-02')).entries).toHaveLength(1);
    expect((await audit('actorRole=system&from=2026-11-03')).entries).toEqual([]);
  });

  it('pages newest first with a cursor: no entry twice, none missed', async () => {
    const subject = 'paged-account';
    const tie = new Date('2026-10-01T10:00:00Z');
    for (let i = 0; i < 120; i++) {
      await recordAudit(t.deps.db, {
        actorId: admin.id,
        actorRole: 'admin',
        subjectUserId: subject,
        action: 'user.export',
        target: `user:${subject}`,
        after: { exported: true },
        // Half share one instant, so the id breaks the ties; half carry the database's now.
        ...(i % 2 === 0 ? { at: tie } : {}),
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await audit(`userId=${subject}${cursor ? `&before=${cursor}` : ''}`);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
  });

  it('answers 400 naming the field for a bad filter', async () => {
    for (const [query, field] of [
      ['action=user.nap', 'action'],
      ['actorRole=robot', 'actorRole'],
      ['from=2026-13-01', 'from'],
      ['to=2026-02-31', 'to'],
      ['from=2026-11-05&to=2026-11-01', 'to'],
      ['before=yesterday', 'before'],
      [`actor=${'x'.repeat(201)}`, 'actor'],
    ] as const) {
      const res = await api(t, `/api/admin/audit?${query}`, { cookie: admin.cookie });
      expect(res.status, query).toBe(400);
      const problem = await contractBody(res, ProblemSchema);
      expect(problem.errors?.map((e) => e.field)).toEqual([field]);
    }
  });

  it('names a deleted customer as the anonymised record reads', async () => {
    const res = await api(t, `/api/admin/users/${customer.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(res.status).toBe(204);
    const { entries } = await audit(`userId=${customer.id}`);
    const text = entries.map((e) => e.summary).join('\n');
    expect(text).not.toMatch(/Maya|Ada/);
    expect(entries.find((e) => e.action === 'user.delete')?.summary).toBe(
      'Account of Deleted customer deleted by Grace Admin; 1 upcoming booking cancelled',
    );
    expect(text).toContain('Booking for Deleted customer (GCSE Higher, Wednesday 4 November 2026');
  });
});
