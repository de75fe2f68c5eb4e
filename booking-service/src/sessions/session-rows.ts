import { type ConcreteSession, SERVICES, type ServiceCode } from '@tuition/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { classSessions } from '../db/schema.ts';
import type { DbExecutor } from '../db/client.ts';

export type SessionRow = typeof classSessions.$inferSelect;

/**
 * The stored rows of these timetable sessions, creating the missing ones. Rows exist only for
 * sessions someone looked at or booked. Almost every call finds them all already there, so it
 * reads first and writes only what is missing (a read answers far faster than an upsert of
 * every row); the unique (service, starts_at) index with ON CONFLICT DO NOTHING makes
 * concurrent creators agree on one row, which the read-back then returns. Existing rows keep
 * the price and capacity they were created with. Keyed by start instant (ms).
 */
export async function ensureSessionRows(
  db: DbExecutor,
  sessions: readonly ConcreteSession[],
  pricePence: number,
): Promise<Map<number, SessionRow>> {
  const rows = new Map<number, SessionRow>();
  if (sessions.length === 0) return rows;
  const stored = new Set<string>();
  for (const row of await findSessionRows(db, sessions)) {
    rows.set(sessionKey(row), row);
    stored.add(timetableKey(row));
  }

  const missing = new Map<string, ConcreteSession>();
  for (const s of sessions) if (!stored.has(timetableKey(s))) missing.set(timetableKey(s), s);
  if (missing.size === 0) return rows;

  await db
    .insert(classSessions)
    .values(
      [...missing.values()].map((s) => ({
        subject: SERVICES[s.service].subject,
        service: s.service,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        pricePence,
      })),
    )
    .onConflictDoNothing({ target: [classSessions.service, classSessions.startsAt] });
  // Read back: a row another request created in the meantime is the one to use.
  for (const row of await findSessionRows(db, [...missing.values()]))
    rows.set(sessionKey(row), row);
  return rows;
}

/** The map key of ensureSessionRows: the start instant in ms. */
const sessionKey = (s: Pick<ConcreteSession, 'startsAt'>) => s.startsAt.getTime();
/** Identity of a timetable session, as the unique (service, starts_at) index sees it. */
const timetableKey = (s: { service: string; startsAt: Date }) =>
  `${s.service}@${s.startsAt.getTime()}`;

/** Stored rows of these sessions (no creation); missing ones simply have no seats taken yet. */
export async function findSessionRows(
  db: DbExecutor,
  sessions: readonly Pick<ConcreteSession, 'service' | 'startsAt'>[],
): Promise<SessionRow[]> {
  if (sessions.length === 0) return [];
  const byService = new Map<ServiceCode, Date[]>();
  for (const s of sessions)
    byService.set(s.service, [...(byService.get(s.service) ?? []), s.startsAt]);
  const found: SessionRow[] = [];
  for (const [service, starts] of byService) {
    found.push(
      ...(await db
        .select()
        .from(classSessions)
        .where(and(eq(classSessions.service, service), inArray(classSessions.startsAt, starts)))),
    );
  }
  return found;
}
