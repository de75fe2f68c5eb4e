import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { PhoneVerificationSent } from '@tuition/api-contract';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Config } from '../config/env.ts';
import { phoneVerifications, smsMessages, smsSettings, user } from '../db/schema.ts';
import { ConflictError, TooManyRequestsError, ValidationError } from '../http/problem.ts';
import { queueServiceText, sendDueTexts, type TextingDeps, textContent } from '../sms/texting.ts';

/*
 * A number is verified by a 6-digit code texted to it (docs/decisions/103): valid 10 minutes,
 * 5 tries, at most 3 codes an hour per account and per number. Only an HMAC of the code is kept,
 * and it is never logged. The account's phone is verified while it equals the number verified,
 * so changing the phone un-verifies it (and PATCH /api/me clears the record too).
 */

export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;
export const CODES_PER_HOUR = 3;

export type VerificationDeps = TextingDeps & { config: Pick<Config, 'auth'> };

function codeHash(secret: string, verificationId: string, code: string): string {
  return createHmac('sha256', secret).update(`${verificationId}:${code}`).digest('hex');
}

/** Texts a new code to the account's phone; refuses past the hourly limits. */
export async function sendVerificationCode(
  deps: VerificationDeps,
  userId: string,
): Promise<PhoneVerificationSent> {
  const now = deps.clock.now();
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const [account] = await deps.db
    .select({ phone: user.phone })
    .from(user)
    .where(eq(user.id, userId));
  const phone = account?.phone;
  if (!phone) {
    throw new ValidationError([
      { field: 'phone', message: 'Add your mobile number to your account first' },
    ]);
  }
  const { business } = await textContent(deps.content);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + CODE_MINUTES * 60_000);
  const textId = await deps.db.transaction(async (tx) => {
    // Serialises one account's requests, so two at once cannot both pass the count.
    await tx.execute(sql`select 1 from ${user} where ${user.id} = ${userId} for update`);
    const [recent] = await tx
      .select({
        byAccount: sql<number>`count(*) filter (where ${phoneVerifications.userId} = ${userId})`,
        byNumber: sql<number>`count(*) filter (where ${phoneVerifications.phone} = ${phone})`,
      })
      .from(phoneVerifications)
      .where(
        and(
          gt(phoneVerifications.createdAt, hourAgo),
          or(eq(phoneVerifications.userId, userId), eq(phoneVerifications.phone, phone)),
        ),
      );
    if (
      Number(recent?.byAccount ?? 0) >= CODES_PER_HOUR ||
      Number(recent?.byNumber ?? 0) >= CODES_PER_HOUR
    ) {
      throw new TooManyRequestsError(
        `At most ${CODES_PER_HOUR} codes an hour; use the last one sent or try again later.`,
        3600,
      );
    }
    // A newer code replaces any earlier one.
    await tx
      .update(phoneVerifications)
      .set({ usedAt: now })
      .where(and(eq(phoneVerifications.userId, userId), isNull(phoneVerifications.usedAt)));
    const [row] = await tx
      .insert(phoneVerifications)
      .values({ userId, phone, codeHash: 'pending', createdAt: now, expiresAt })
      .returning({ id: phoneVerifications.id });
    if (!row) throw new Error('verification not recorded');
    await tx
      .update(phoneVerifications)
      .set({ codeHash: codeHash(deps.config.auth.secret, row.id, code) })
      .where(eq(phoneVerifications.id, row.id));
    return queueServiceText(deps, tx, {
      key: `verification:${row.id}`,
      userId,
      to: phone,
      kind: 'verification',
      body: `${business}: your code is ${code}. It works for ${CODE_MINUTES} minutes. If you did not ask for it, ignore this text.`,
    });
  });
  if (textId) await sendDueTexts(deps, { ids: [textId] });
  const [sent] = textId
    ? await deps.db
        .select({ status: smsMessages.status })
        .from(smsMessages)
        .where(eq(smsMessages.id, textId))
    : [];
  if (sent?.status === 'limited') {
    throw new TooManyRequestsError('No more texts can be sent today; try again tomorrow.', 3600);
  }
  return { number: phone, expiresAt: expiresAt.toISOString() };
}

const wrongCode = (message: string) => new ValidationError([{ field: 'code', message }]);

/**
 * Checks a code against the account's latest one for its current phone. Each try is counted
 * in one statement before the comparison, so five tries is five whatever the concurrency.
 */
export async function confirmVerificationCode(
  deps: VerificationDeps,
  userId: string,
  code: string,
): Promise<{ number: string; verified: true }> {
  const now = deps.clock.now();
  const [account] = await deps.db
    .select({ phone: user.phone })
    .from(user)
    .where(eq(user.id, userId));
  const phone = account?.phone;
  if (!phone)
    throw new ConflictError('phone-not-verified', undefined, 'Your account has no phone number.');
  const [latest] = await deps.db
    .select()
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.userId, userId),
        eq(phoneVerifications.phone, phone),
        isNull(phoneVerifications.usedAt),
      ),
    )
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1);
  if (!latest || latest.expiresAt <= now)
    throw wrongCode('That code has expired; ask for a new one');
  const [tried] = await deps.db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(
      and(
        eq(phoneVerifications.id, latest.id),
        sql`${phoneVerifications.attempts} < ${CODE_TRIES}`,
      ),
    )
    .returning({ attempts: phoneVerifications.attempts });
  if (!tried) throw wrongCode('Too many wrong tries; ask for a new code');
  const expected = Buffer.from(latest.codeHash, 'hex');
  const given = Buffer.from(codeHash(deps.config.auth.secret, latest.id, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw wrongCode(
      tried.attempts >= CODE_TRIES
        ? 'That code is not right, and that was the last try; ask for a new code'
        : 'That code is not right',
    );
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(phoneVerifications)
      .set({ usedAt: now })
      .where(eq(phoneVerifications.id, latest.id));
    const verified = {
      verifiedPhone: phone,
      verifiedAt: now,
      failuresInRow: 0,
      unreachableAt: null,
      updatedAt: now,
    };
    await tx
      .insert(smsSettings)
      .values({ userId, ...verified })
      .onConflictDoUpdate({ target: smsSettings.userId, set: verified });
  });
  return { number: phone, verified: true };
}

/** The account's phone was set to `phone`: a verification of another number no longer holds. */
export async function forgetVerifiedPhone(
  db: TextingDeps['db'],
  userId: string,
  phone: string | null,
): Promise<void> {
  await db
    .update(smsSettings)
    .set({ verifiedPhone: null, verifiedAt: null })
    .where(
      and(
        eq(smsSettings.userId, userId),
        phone === null ? undefined : sql`${smsSettings.verifiedPhone} is distinct from ${phone}`,
      ),
    );
}
