import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { auditEntries } from '../db/schema.ts';
import { listAuditEntries, recordAudit } from './audit.ts';

describe.each(TEST_DB_KINDS)('audit trail on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind: kind });
  });
  afterAll(() => t.close());

  it('records an entry with before and after values, newest first per account', async () => {
    await recordAudit(t.deps.db, {
      actorId: 'admin-1',
      actorRole: 'admin',
      subjectUserId: 'cust-1',
      action: 'booking.cancel',
      target: 'booking:b1',
      before: { status: 'confirmed' },
      after: { status: 'cancelled' },
      at: new Date('2026-01-01T10:00:00Z'),
    });
    await recordAudit(t.deps.db, {
      actorId: 'admin-1',
      actorRole: 'admin',
      subjectUserId: 'cust-1',
      action: 'user.role-change',
      target: 'user:cust-1',
      before: { role: 'user' },
      after: { role: 'admin' },
      at: new Date('2026-01-02T10:00:00Z'),
    });
    await recordAudit(t.deps.db, {
      actorId: null,
      actorRole: 'system',
      subjectUserId: 'cust-2',
      action: 'user.role-change',
      target: 'user:cust-2',
    });
    const { entries } = await listAuditEntries(t.deps.db, [], { userId: 'cust-1' });
    expect(entries.map((e) => e.action)).toEqual(['user.role-change', 'booking.cancel']);
    expect(entries[1]).toMatchObject({
      actorId: 'admin-1',
      actorRole: 'admin',
      target: 'booking:b1',
      before: { status: 'confirmed' },
      after: { status: 'cancelled' },
      at: '2026-01-01T10:00:00.000Z',
    });
    expect((await listAuditEntries(t.deps.db, [], {})).entries).toHaveLength(3);
  });

  it('pages the whole trail by the (at, id) index, newest first (decision 073)', async () => {
    const plan = await t.deps.db.transaction(async (tx) => {
      // With a few rows a scan is cheaper; forbid it to see which index the query can use.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = await tx.execute(
        sql`explain select id from audit_entries
            where (at, id) < ('2026-01-02T10:00:00Z'::timestamptz, '7f000000-0000-4000-8000-000000000000'::uuid)
            order by at desc, id desc limit 51`,
      );
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row).join(' '))
        .join('\n');
    });
    expect(plan).toContain('audit_entries_at_id_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('refuses to change or remove an entry, even from raw SQL', async () => {
    await expect(t.deps.db.update(auditEntries).set({ action: 'user.delete' })).rejects.toThrow();
    await expect(t.deps.db.delete(auditEntries)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`truncate audit_entries`)).rejects.toThrow();
    expect((await listAuditEntries(t.deps.db, [], {})).entries).toHaveLength(3);
  });
});
