import type { AuthContext } from 'better-auth';
import { recordSystemRoleGrant } from '../audit/auth-audit.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logging/logger.ts';
import { isAdminEmail } from './admin-roles.ts';
import { takeContestedMark } from './unverified-sign-up.ts';

/** What settling a just-verified address needs (better-auth's afterEmailVerification). */
export interface VerifiedAddressDeps {
  db: Database;
  adminEmails: readonly string[];
  log: Logger;
  authContext: () => Promise<Pick<AuthContext, 'internalAdapter'>>;
  sendPasswordReset: (email: string) => Promise<unknown>;
}

/**
 * Once an address is verified: ADMIN_EMAILS grants admin only to an address its owner has proved
 * they read. If more than one sign-up used the address, or it becomes an admin, the password may
 * be a stranger's (the owner clicks whatever link arrives), so none is kept and the owner, who
 * just proved they read this inbox, chooses one (docs/decisions/039 and its addendum).
 */
export async function settleVerifiedAddress(
  { db, adminEmails, log, authContext, sendPasswordReset }: VerifiedAddressDeps,
  user: { id: string; email: string },
): Promise<void> {
  const ctx = await authContext();
  const adminAddress = isAdminEmail(adminEmails, user.email);
  if (adminAddress) {
    const before = (user as { role?: string }).role ?? 'user';
    await ctx.internalAdapter.updateUser(user.id, { role: 'admin' });
    await recordSystemRoleGrant(db, { userId: user.id, before });
    log.info({ userId: user.id }, 'ADMIN_EMAILS address verified: admin role granted');
  }
  const contested = await takeContestedMark(ctx, user.email);
  if (contested || adminAddress) {
    await ctx.internalAdapter.deleteAccounts(user.id);
    await sendPasswordReset(user.email);
    log.info({ userId: user.id, contested }, 'verified: the owner must choose a password');
  }
}
