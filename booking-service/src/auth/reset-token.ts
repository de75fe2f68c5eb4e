import { USER_ROLES, type UserRole } from '@tuition/domain';
import type { Auth } from './auth.ts';

/**
 * The e-mail address a password-reset token was issued to, or null when the token is unknown or
 * expired. The reset page uses it to sign the customer in with the new password
 * (docs/product-rules.md#messages "Logging you in..."); better-auth's own reset endpoint still
 * checks the token on use. Reads better-auth's verification row (identifier
 * `reset-password:<token>`) through its internal adapter, so it follows better-auth's storage, not
 * our schema.
 */
export async function resetTokenOwner(
  auth: Auth,
  token: string,
  now: Date = new Date(),
): Promise<{ email: string; firstPassword: boolean; role: UserRole } | null> {
  if (token.trim() === '') return null;
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(
    `reset-password:${token}`,
  );
  if (!verification || verification.expiresAt < now) return null;
  const user = await context.internalAdapter.findUserById(verification.value);
  if (!user) return null;
  // An invited tutor's account has no password yet (docs/decisions/107): the page asks to
  // choose one rather than to reset it.
  const accounts = await context.internalAdapter.findAccounts(user.id);
  const firstPassword = !accounts.some((account) => Boolean(account.password));
  const role = USER_ROLES.find((known) => known === (user as { role?: unknown }).role) ?? 'user';
  return { email: user.email, firstPassword, role };
}
