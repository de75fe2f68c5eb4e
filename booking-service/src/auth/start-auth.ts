import { grantAdminRole } from './admin-roles.ts';
import { type AuthOptions, createAuth } from './auth.ts';
import type { Auth } from './auth.ts';

/**
 * Builds better-auth for AppDeps.auth and makes the verified ADMIN_EMAILS accounts that already
 * exist admins (the others become admins when their address is verified).
 */
export async function startAuth(options: AuthOptions): Promise<Auth> {
  const auth = createAuth(options);
  const { granted, unverified, missing } = await grantAdminRole(
    options.db,
    options.config.auth.adminEmails,
  );
  if (granted.length + unverified.length + missing.length > 0) {
    options.logger.info(
      {
        admins: granted.length,
        awaitingVerification: unverified.length,
        awaitingSignUp: missing.length,
      },
      'ADMIN_EMAILS applied',
    );
  }
  return auth;
}
