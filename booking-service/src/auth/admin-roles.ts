import { and, eq, inArray, sql } from 'drizzle-orm';
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
  const updated = await db
    .update(user)
    .set({ role: 'admin' })
    .where(and(byAddress, eq(user.emailVerified, true)))
    .returning({ email: user.email });
  const granted = updated.map((row) => row.email.toLowerCase());
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
