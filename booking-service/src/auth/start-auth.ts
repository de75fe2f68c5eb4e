import { grantAdminRole } from './admin-roles.ts';
import { type AuthOptions, createAuth } from './auth.ts';
import type { Auth } from './auth.ts';

/**
 * Builds better-auth for AppDeps.auth and makes the ADMIN_EMAILS accounts that already exist
 * admins (new ones become admins as they sign up).
 */
export async function startAuth(options: AuthOptions): Promise<Auth> {
  const auth = createAuth(options);
  const { granted, missing } = await grantAdminRole(options.db, options.config.auth.adminEmails);
  if (granted.length + missing.length > 0) {
    options.logger.info(
      { admins: granted.length, awaitingSignUp: missing.length },
      'ADMIN_EMAILS applied',
    );
  }
  return auth;
}
