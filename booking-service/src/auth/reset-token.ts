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
): Promise<{ email: string } | null> {
  if (token.trim() === '') return null;
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(
    `reset-password:${token}`,
  );
  if (!verification || verification.expiresAt < now) return null;
  const user = await context.internalAdapter.findUserById(verification.value);
  return user ? { email: user.email } : null;
}
