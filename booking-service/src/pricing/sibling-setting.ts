import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { businessSettings } from '../db/schema.ts';

/**
 * The sibling discount's percentage (docs/decisions/080, 082): off each additional pupil's seat
 * in one session, set by an admin in the one business-settings row; 0 (off) when the row is
 * missing.
 */
export async function siblingPercent(db: DbExecutor): Promise<number> {
  const [row] = await db
    .select({ percent: businessSettings.siblingPercent })
    .from(businessSettings)
    .where(eq(businessSettings.id, 1));
  return row?.percent ?? 0;
}
