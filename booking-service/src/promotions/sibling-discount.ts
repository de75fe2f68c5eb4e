import type { SiblingDiscount } from '@tuition/api-contract';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/client.ts';
import { businessSettings } from '../db/schema.ts';

/*
 * The sibling discount (docs/decisions/080, 082): one whole percentage, 0-50, in the one
 * business-settings row, changed by an admin without a deploy and audited.
 */

/** Sets the percentage (the contract checked its range), writing the row if it is missing. */
export async function setSiblingPercent(
  db: Database,
  input: { adminId: string; percent: number },
): Promise<SiblingDiscount> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ percent: businessSettings.siblingPercent })
      .from(businessSettings)
      .where(eq(businessSettings.id, 1))
      .for('update');
    const before = row?.percent ?? 0;
    await tx
      .insert(businessSettings)
      .values({ id: 1, siblingPercent: input.percent })
      .onConflictDoUpdate({
        target: businessSettings.id,
        set: { siblingPercent: input.percent, updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      actorId: input.adminId,
      actorRole: 'admin',
      subjectUserId: null,
      action: 'discount.sibling',
      target: 'settings:sibling-percent',
      before: { percent: before },
      after: { percent: input.percent },
    });
  });
  return { percent: input.percent };
}
