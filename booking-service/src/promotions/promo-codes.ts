import {
  type AdminPromoCode,
  type AdminPromoCodePage,
  isId,
  PROMO_CODES_PAGE_SIZE,
  type PromoCodePatch,
  type PromoCodeRequest,
  PROMO_REDEMPTIONS_PAGE_SIZE,
  type PromoRedemptionPage,
} from '@tuition/api-contract';
import type { ServiceCode } from '@tuition/domain';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { Database, DbExecutor } from '../db/client.ts';
import { promoCodes, promoRedemptions, pupils, user } from '../db/schema.ts';
import { NotFoundError, ValidationError } from '../http/problem.ts';
import { isLiveRedemption } from '../pricing/live-redemptions.ts';
import { lockHoldRows } from '../sessions/hold-locks.ts';

/*
 * Promo codes as an admin sees them (docs/decisions/082): created, listed with their live uses,
 * changed (the whole code checked again, as stored plus the change), and each use with the
 * account and pupils it was for. Every create and change is in the audit trail.
 */

type PromoRow = typeof promoCodes.$inferSelect;

/** The fields an admin sets, as stored. */
interface PromoFields {
  code: string;
  kind: PromoRow['kind'];
  value: number;
  validFrom: Date | null;
  validTo: Date | null;
  maxRedemptions: number | null;
  perAccountLimit: number | null;
  firstTimePupilsOnly: boolean;
  services: ServiceCode[] | null;
  active: boolean;
}

const FIELD_NAMES = [
  'code',
  'kind',
  'value',
  'validFrom',
  'validTo',
  'maxRedemptions',
  'perAccountLimit',
  'firstTimePupilsOnly',
  'services',
  'active',
] as const satisfies readonly (keyof PromoFields)[];

const NO_SUCH_CODE = 'No such promo code.';

/**
 * The kind and its value, and the window, checked together (the contract checks each body
 * alone; a change is checked merged with the stored code). A free session stores value 0.
 */
function checkedFields(fields: PromoFields): PromoFields {
  const value = fields.kind === 'free-session' ? 0 : fields.value;
  if (fields.kind === 'percent' && (value < 1 || value > 100)) {
    throw new ValidationError([{ field: 'value', message: 'A percentage is from 1 to 100.' }]);
  }
  if (fields.kind === 'fixed' && value < 1) {
    throw new ValidationError([{ field: 'value', message: 'A fixed amount is 1p or more.' }]);
  }
  if (fields.validFrom && fields.validTo && fields.validTo <= fields.validFrom) {
    throw new ValidationError([{ field: 'validTo', message: 'validTo must be after validFrom.' }]);
  }
  const services = fields.services ? [...new Set(fields.services)] : null;
  return { ...fields, value, services };
}

const instantOrNull = (text: string | null | undefined) => (text ? new Date(text) : null);

function codeTaken(code: string): ValidationError {
  return new ValidationError([{ field: 'code', message: `A code ${code} already exists.` }]);
}

function toAdminPromoCode(row: PromoRow, redemptions: number): AdminPromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    perAccountLimit: row.perAccountLimit,
    firstTimePupilsOnly: row.firstTimePupilsOnly,
    services: row.services ?? null,
    active: row.active,
    redemptions,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit entry keeps of a code: its fields, instants as ISO text. */
function auditValues(fields: Partial<PromoFields>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}

/** Creates a code, stored upper-case; a code that exists already is a 400 naming `code`. */
export async function createPromoCode(
  db: Database,
  input: { adminId: string; body: PromoCodeRequest },
): Promise<AdminPromoCode> {
  const { body } = input;
  if (body.kind !== 'free-session' && body.value === undefined) {
    const what = body.kind === 'percent' ? 'the percentage, 1 to 100' : 'the amount in pence';
    throw new ValidationError([{ field: 'value', message: `Give ${what}.` }]);
  }
  const fields = checkedFields({
    code: body.code.toUpperCase(),
    kind: body.kind,
    value: body.value ?? 0,
    validFrom: instantOrNull(body.validFrom),
    validTo: instantOrNull(body.validTo),
    maxRedemptions: body.maxRedemptions ?? null,
    perAccountLimit: body.perAccountLimit ?? null,
    firstTimePupilsOnly: body.firstTimePupilsOnly ?? false,
    services: body.services ?? null,
    active: body.active ?? true,
  });
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(promoCodes)
      .values(fields)
      .onConflictDoNothing({ target: promoCodes.code })
      .returning();
    if (!inserted) throw codeTaken(fields.code);
    await recordAudit(tx, {
      actorId: input.adminId,
      actorRole: 'admin',
      subjectUserId: null,
      action: 'promo.create',
      target: `promo:${inserted.id}`,
      before: null,
      after: auditValues(fields),
    });
    return inserted;
  });
  return toAdminPromoCode(row, 0);
}

/** Live uses per code (docs/decisions/082), counted in the query. */
function liveUsesSql(now: Date) {
  return sql<number>`(select count(*) from ${promoRedemptions} where ${and(
    eq(promoRedemptions.promoCodeId, promoCodes.id),
    isLiveRedemption(now),
  )})`.mapWith(Number);
}

/**
 * One page of the codes, newest first (ties: the later id first), with their live uses, after
 * the code a cursor names, whose keys are read here so they compare exactly (docs/decisions/075):
 * a cursor whose code has gone ends the list.
 */
export async function listPromoCodes(
  db: DbExecutor,
  now: Date,
  cursor?: string,
): Promise<AdminPromoCodePage> {
  const afterCursor =
    cursor === undefined
      ? undefined
      : sql`(${promoCodes.createdAt}, ${promoCodes.id}) < (
          select p.created_at, p.id from promo_codes p where p.id = ${cursor}::uuid)`;
  const fetched = await db
    .select({ row: promoCodes, redemptions: liveUsesSql(now) })
    .from(promoCodes)
    .where(afterCursor)
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .limit(PROMO_CODES_PAGE_SIZE + 1);
  const rows = fetched.slice(0, PROMO_CODES_PAGE_SIZE);
  const last = rows.at(-1);
  const nextCursor = fetched.length > PROMO_CODES_PAGE_SIZE && last ? last.row.id : null;
  return {
    items: rows.map(({ row, redemptions }) => toAdminPromoCode(row, redemptions)),
    nextCursor,
  };
}

async function readPromoCode(db: DbExecutor, id: string, now: Date): Promise<AdminPromoCode> {
  const [found] = await db
    .select({ row: promoCodes, redemptions: liveUsesSql(now) })
    .from(promoCodes)
    .where(eq(promoCodes.id, id));
  if (!found) throw new NotFoundError(NO_SUCH_CODE);
  return toAdminPromoCode(found.row, found.redemptions);
}

/** The stored code with the change applied: absent fields stay, null clears. */
function merged(row: PromoRow, patch: PromoCodePatch): PromoFields {
  const pick = <T>(value: T | undefined, stored: T): T => (value === undefined ? stored : value);
  return {
    code: patch.code?.toUpperCase() ?? row.code,
    kind: pick(patch.kind, row.kind),
    value: pick(patch.value, row.value),
    validFrom: patch.validFrom === undefined ? row.validFrom : instantOrNull(patch.validFrom),
    validTo: patch.validTo === undefined ? row.validTo : instantOrNull(patch.validTo),
    maxRedemptions: pick(patch.maxRedemptions, row.maxRedemptions),
    perAccountLimit: pick(patch.perAccountLimit, row.perAccountLimit),
    firstTimePupilsOnly: pick(patch.firstTimePupilsOnly, row.firstTimePupilsOnly),
    services: pick(patch.services, row.services ?? null),
    active: pick(patch.active, row.active),
  };
}

const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(a instanceof Date ? a.toISOString() : a) ===
  JSON.stringify(b instanceof Date ? b.toISOString() : b);

/**
 * Changes a code: the change is merged with the stored code and the whole checked again (kind
 * and value, the window), 400 naming the field; an unknown id is a 404. The audit entry keeps
 * the changed fields before and after, and the code's name either side.
 */
export async function updatePromoCode(
  db: Database,
  input: { adminId: string; id: string; patch: PromoCodePatch; now: Date },
): Promise<AdminPromoCode> {
  if (!isId(input.id)) throw new NotFoundError(NO_SUCH_CODE);
  await db.transaction(async (tx) => {
    const [row] = (await lockHoldRows(tx, { promoCodeIds: [input.id] })).promoCodes;
    if (!row) throw new NotFoundError(NO_SUCH_CODE);
    const next = checkedFields(merged(row, input.patch));
    const stored = merged(row, {});
    const changed = new Set(FIELD_NAMES.filter((name) => !sameValue(stored[name], next[name])));
    if (changed.size === 0) return;
    // A value means nothing without its kind: the trail keeps both when either changes.
    if (changed.has('kind') || changed.has('value')) {
      changed.add('kind');
      changed.add('value');
    }
    if (changed.has('code')) {
      const [taken] = await tx
        .select({ id: promoCodes.id })
        .from(promoCodes)
        .where(and(eq(promoCodes.code, next.code), ne(promoCodes.id, row.id)));
      if (taken) throw codeTaken(next.code);
    }
    const before: Partial<PromoFields> = Object.fromEntries(
      [...changed].map((name) => [name, stored[name]]),
    );
    const after: Partial<PromoFields> = Object.fromEntries(
      [...changed].map((name) => [name, next[name]]),
    );
    await tx.update(promoCodes).set(after).where(eq(promoCodes.id, row.id));
    await recordAudit(tx, {
      actorId: input.adminId,
      actorRole: 'admin',
      subjectUserId: null,
      action: 'promo.update',
      target: `promo:${row.id}`,
      before: auditValues({ code: stored.code, ...before }),
      after: auditValues({ code: next.code, ...after }),
    });
  });
  return readPromoCode(db, input.id, input.now);
}

/**
 * One page of a code's uses, newest first (ties: the later id first), after the use a cursor
 * names, whose keys are read here so they compare exactly (docs/decisions/075): held, redeemed
 * or released, with the account (null once deleted) and the pupils it was for, by their names
 * now (a pupil no longer kept is left out).
 */
export async function listPromoRedemptions(
  db: DbExecutor,
  promoCodeId: string,
  cursor?: string,
): Promise<PromoRedemptionPage> {
  if (!isId(promoCodeId)) throw new NotFoundError(NO_SUCH_CODE);
  const [code] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(eq(promoCodes.id, promoCodeId));
  if (!code) throw new NotFoundError(NO_SUCH_CODE);
  const afterCursor =
    cursor === undefined
      ? undefined
      : sql`(${promoRedemptions.createdAt}, ${promoRedemptions.id}) < (
          select r.created_at, r.id from promo_redemptions r
          where r.id = ${cursor}::uuid and r.promo_code_id = ${promoCodeId}::uuid)`;
  const fetched = await db
    .select({
      redemption: promoRedemptions,
      account: { id: user.id, name: user.name, email: user.email },
    })
    .from(promoRedemptions)
    .leftJoin(user, eq(user.id, promoRedemptions.userId))
    .where(and(eq(promoRedemptions.promoCodeId, promoCodeId), afterCursor))
    .orderBy(desc(promoRedemptions.createdAt), desc(promoRedemptions.id))
    .limit(PROMO_REDEMPTIONS_PAGE_SIZE + 1);
  const rows = fetched.slice(0, PROMO_REDEMPTIONS_PAGE_SIZE);
  const last = rows.at(-1);
  const nextCursor =
    fetched.length > PROMO_REDEMPTIONS_PAGE_SIZE && last ? last.redemption.id : null;
  const pupilIds = [...new Set(rows.flatMap((r) => r.redemption.pupilIds))].filter(isId);
  const named =
    pupilIds.length === 0
      ? []
      : await db
          .select({ id: pupils.id, name: pupils.name })
          .from(pupils)
          .where(inArray(pupils.id, pupilIds));
  const nameOf = new Map(named.map((p) => [p.id, p.name]));
  const items = rows.map(({ redemption, account }) => ({
    id: redemption.id,
    at: redemption.createdAt.toISOString(),
    status: redemption.status,
    discountPence: redemption.discountPence,
    checkoutId: redemption.checkoutId,
    account: account?.id ? account : null,
    pupils: redemption.pupilIds.flatMap((id) => {
      const name = nameOf.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
  }));
  return { items, nextCursor };
}
