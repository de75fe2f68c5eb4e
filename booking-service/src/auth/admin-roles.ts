import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';

export function isAdminEmail(adminEmails: readonly string[], email: string): boolean {
  return adminEmails.includes(email.trim().toLowerCase());
}

/**
 * Makes these accounts admins (ADMIN_EMAILS at start, and the admin:grant script). Addresses
 * without an account are returned so the caller can say so; they become admins on sign-up.
 */
export async function grantAdminRole(
  db: Database,
  emails: readonly string[],
): Promise<{ granted: string[]; missing: string[] }> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return { granted: [], missing: [] };
  const updated = await db
    .update(user)
    .set({ role: 'admin' })
    .where(inArray(sql`lower(${user.email})`, wanted))
    .returning({ email: user.email });
  const granted = updated.map((row) => row.email.toLowerCase());
  return { granted, missing: wanted.filter((email) => !granted.includes(email)) };
}
