import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditActorRole,
  type AuditEntry,
} from '@tuition/api-contract';
import { desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { auditEntries, user } from '../db/schema.ts';

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

/** The newest entries, about one account or about all; with the actor's current name. */
export async function listAuditEntries(
  db: DbExecutor,
  filter: { subjectUserId?: string | undefined },
): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      id: auditEntries.id,
      at: auditEntries.at,
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
    .where(
      filter.subjectUserId === undefined
        ? undefined
        : eq(auditEntries.subjectUserId, filter.subjectUserId),
    )
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(AUDIT_PAGE_SIZE);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
