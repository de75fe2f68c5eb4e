import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { recordSystemRoleGrant } from '../audit/auth-audit.ts';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';

export function isAdminEmail(adminEmails: readonly string[], email: string): boolean {
  return adminEmails.includes(email.trim().toLowerCase());
}

/**
 * Makes these accounts admins (ADMIN_EMAILS at start, and the admin:grant script), but only
 * accounts whose address is verified: anyone can sign up any address, so an unverified
 * account proves nothing about who holds it (docs/decisions/039). Addresses without an
 * account, or not yet verified, are returned so the caller can say so; an ADMIN_EMAILS
 * address becomes an admin when it is verified.
 */
export async function grantAdminRole(
  db: Database,
  emails: readonly string[],
): Promise<{ granted: string[]; unverified: string[]; missing: string[] }> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return { granted: [], unverified: [], missing: [] };
  const byAddress = inArray(sql`lower(${user.email})`, wanted);
  // Who was not an admin yet: each grant is one entry of the audit trail.
  const newlyGranted = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(and(byAddress, eq(user.emailVerified, true), ne(user.role, 'admin')));
  const updated = await db
    .update(user)
    .set({ role: 'admin' })
    .where(and(byAddress, eq(user.emailVerified, true)))
    .returning({ email: user.email });
  const granted = updated.map((row) => row.email.toLowerCase());
  for (const row of newlyGranted) {
    await recordSystemRoleGrant(db, { userId: row.id, before: row.role });
  }
  const existing = await db.select({ email: user.email }).from(user).where(byAddress);
  const unverified = existing
    .map((row) => row.email.toLowerCase())
    .filter((email) => !granted.includes(email));
  return {
    granted,
    unverified,
    missing: wanted.filter((email) => !granted.includes(email) && !unverified.includes(email)),
  };
}
