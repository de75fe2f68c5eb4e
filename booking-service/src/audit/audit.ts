import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditActorRole,
  type AuditList,
  type AuditQuery,
} from '@tuition/api-contract';
import { addDays, londonWallClockToUtc, type WeeklySlot } from '@tuition/domain';
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { auditEntries, user } from '../db/schema.ts';
import { loadAuditFacts } from './audit-facts.ts';
import { summariseAuditEntry } from './audit-summary.ts';
import { likeContaining } from '../db/like-pattern.ts';
import { cursorInstant } from '../db/cursor-instant.ts';

/*
 * The audit trail (docs/decisions/058): who did what to whose data, when, with
 * the values before and after. Append-only (a database trigger refuses UPDATE, DELETE and
 * TRUNCATE). Entries hold ids and changed fields, never names, e-mails or secrets: an account's
 * deletion must not leave its personal data behind in the trail.
 */

export interface AuditRecord {
  /** Who acted; null for the service itself (retention, ADMIN_EMAILS on verification). */
  actorId: string | null;
  actorRole: AuditActorRole;
  /** Whose data the action concerns, when one account's. */
  subjectUserId: string | null;
  action: AuditAction;
  /** What was acted on: `booking:{id}`, `session:{id}`, `class:{id}`, `user:{id}`. */
  target: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** When it happened; default the database's now (the transaction's start). */
  at?: Date;
}

/**
 * Writes one entry. Pass the action's transaction, so the entry exists exactly when the action
 * committed (a rolled-back action leaves no entry, a committed one always has its entry).
 */
export async function recordAudit(db: DbExecutor, record: AuditRecord): Promise<void> {
  await db.insert(auditEntries).values({
    actorId: record.actorId,
    actorRole: record.actorRole,
    subjectUserId: record.subjectUserId,
    action: record.action,
    target: record.target,
    before: record.before ?? null,
    after: record.after ?? null,
    ...(record.at ? { at: record.at } : {}),
  });
}

/** A London date's first instant; `to` dates are inclusive, so the day after's first is the end. */
function londonDayStart(date: string, plusDays = 0): Date {
  return londonWallClockToUtc(addDays(date, plusDays), '00:00');
}

function auditConditions(query: AuditQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.userId !== undefined) conditions.push(eq(auditEntries.subjectUserId, query.userId));
  if (query.action !== undefined) conditions.push(eq(auditEntries.action, query.action));
  if (query.actorRole !== undefined) conditions.push(eq(auditEntries.actorRole, query.actorRole));
  const actor = query.actor?.trim();
  if (actor) {
    const pattern = likeContaining(actor);
    // The actor's account is joined already (listAuditEntries); a purged one matches no text.
    conditions.push(or(ilike(user.name, pattern), ilike(user.email, pattern)));
  }
  if (query.from) conditions.push(gte(auditEntries.at, londonDayStart(query.from)));
  if (query.to) conditions.push(lt(auditEntries.at, londonDayStart(query.to, 1)));
  if (query.before) {
    const split = query.before.lastIndexOf('_');
    const at = query.before.slice(0, split);
    const id = query.before.slice(split + 1);
    // Keyset paging on (at, id), the index audit_entries_at_id_idx: no entry twice or missed.
    conditions.push(
      sql`(${auditEntries.at}, ${auditEntries.id}) < (${at}::timestamptz, ${id}::uuid)`,
    );
  }
  return and(...conditions);
}

/**
 * One page of entries, newest first, filtered by account, actor, action and London dates, each
 * with its sentence in words (decision 073) and the cursor of the next (older) page.
 */
export async function listAuditEntries(
  db: DbExecutor,
  timetable: readonly WeeklySlot[],
  query: AuditQuery,
): Promise<AuditList> {
  const rows = await db
    .select({
      id: auditEntries.id,
      at: auditEntries.at,
      // The instant to the microsecond, so the cursor falls exactly between two entries.
      cursorAt: cursorInstant(auditEntries.at),
      actorId: auditEntries.actorId,
      actorName: user.name,
      actorRole: auditEntries.actorRole,
      subjectUserId: auditEntries.subjectUserId,
      action: auditEntries.action,
      target: auditEntries.target,
      before: auditEntries.before,
      after: auditEntries.after,
    })
    .from(auditEntries)
    .leftJoin(user, eq(user.id, auditEntries.actorId))
    .where(auditConditions(query))
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const facts = await loadAuditFacts(db, timetable, page);
  const last = page.at(-1);
  return {
    entries: page.map(({ cursorAt: _, ...row }) => ({
      ...row,
      at: row.at.toISOString(),
      summary: summariseAuditEntry(row, facts),
    })),
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? `${last.cursorAt}_${last.id}` : null,
  };
}
