import { and, eq, like } from 'drizzle-orm';
import type { AuthContext } from 'better-auth';
import type { Database } from '../db/client.ts';
import { bookings, checkouts, verification } from '../db/schema.ts';
import { VERIFICATION_LINK_HOURS } from './auth-emails.ts';

/*
 * Signing up an address you do not control gives you nothing (docs/decisions/039):
 * - a sign-up of an address whose account is still unverified replaces that account (its
 *   password, sessions and links die with it), so the earlier sign-up can no longer sign in
 *   and its verification link no longer verifies anything;
 * - because the replaced account might have been the owner's own, the address is marked
 *   "contested"; verifying a contested address keeps nobody's password: the owner is sent a
 *   link to choose one (handled at verification, see verified-address.ts).
 * A verified account's address is never replaced.
 */

type Internal = Pick<AuthContext, 'internalAdapter'>;

const contestedIdentifier = (email: string) => `sign-up-replaced:${email.toLowerCase()}`;

/** Every outstanding password-reset link of the user (better-auth's `reset-password:<token>` rows). */
export async function invalidateResetLinks(db: Database, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%')));
}

async function holdsBookings(db: Database, userId: string): Promise<boolean> {
  const [checkout] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(eq(checkouts.userId, userId))
    .limit(1);
  if (checkout) return true;
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.userId, userId))
    .limit(1);
  return Boolean(booking);
}

export type EarlierSignUp = 'none' | 'verified' | 'replaced' | 'kept-with-bookings';

/**
 * Before a sign-up of `email`: removes a still-unverified account of that address (with its
 * credential, sessions and reset links) so better-auth creates the new one, and marks the
 * address contested. An account that somehow holds checkouts or bookings is kept (better-auth
 * then answers its usual "maybe it exists" 200 and creates nothing); deleting it would cascade
 * to booking history.
 */
export async function replaceUnverifiedAccount(
  context: Internal,
  db: Database,
  email: string,
  now: Date = new Date(),
): Promise<EarlierSignUp> {
  const normalised = email.toLowerCase();
  const existing = await context.internalAdapter.findUserByEmail(normalised);
  if (!existing) return 'none';
  if (existing.user.emailVerified) return 'verified';
  if (await holdsBookings(db, existing.user.id)) return 'kept-with-bookings';
  await invalidateResetLinks(db, existing.user.id);
  await context.internalAdapter.deleteUser(existing.user.id);
  await context.internalAdapter.createVerificationValue({
    identifier: contestedIdentifier(normalised),
    value: normalised,
    expiresAt: new Date(now.getTime() + VERIFICATION_LINK_HOURS * 60 * 60 * 1000),
  });
  return 'replaced';
}

/**
 * At verification: whether more than one sign-up used this address while it was unverified.
 * Consumes the mark, so it is acted on once.
 */
export async function takeContestedMark(
  context: Internal,
  email: string,
  now: Date = new Date(),
): Promise<boolean> {
  const identifier = contestedIdentifier(email);
  const mark = await context.internalAdapter.findVerificationValue(identifier);
  if (!mark) return false;
  await context.internalAdapter.deleteVerificationByIdentifier(identifier);
  return mark.expiresAt > now;
}
