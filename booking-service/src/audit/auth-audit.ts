import { APIError, getSessionFromCtx } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';
import { recordAudit } from './audit.ts';

/*
 * Staff actions that go through better-auth's admin plugin (POST /api/auth/admin/*) land in
 * the audit trail too (docs/decisions/058). The hooks in auth.ts call these: the role before a
 * change is read in the before hook (kept per request), the entry is written in the after hook
 * once the change succeeded.
 */

type HookContext = Parameters<typeof getSessionFromCtx>[0] & {
  path: string;
  body?: Record<string, unknown> | undefined;
  request?: Request | undefined;
};

/** The role each set-role request found, until its after hook records the change. */
const rolesBefore = new WeakMap<Request, string>();

/**
 * The admin plugin's endpoints that stay open: the two staff actions recorded below, and reads
 * other than a user's sessions (their tokens would let staff act as the customer; decision 039,
 * addendum). The others (ban, unban, impersonate, create or update a user, revoke sessions) are used by no
 * page of this product and would change an account, or let staff act as a customer and see a
 * child's data, with no audit entry: they are refused (docs/decisions/058, addendum).
 */
const ADMIN_ENDPOINTS_OPEN = new Set([
  '/admin/set-role',
  '/admin/set-user-password',
  '/admin/list-users',
  '/admin/get-user',
  '/admin/has-permission',
]);

/**
 * Before an admin endpoint runs. remove-user would cascade away bookings and payments the
 * business must keep: accounts are deleted through DELETE /api/admin/users/{id}, which keeps them
 * anonymised, so it is refused here, as is every endpoint outside ADMIN_ENDPOINTS_OPEN.
 */
export async function beforeAdminEndpoint(db: Database, ctx: HookContext): Promise<void> {
  if (ctx.path === '/admin/remove-user') {
    throw new APIError('FORBIDDEN', {
      code: 'USE_ACCOUNT_DELETION',
      message:
        'Delete accounts with DELETE /api/admin/users/{id}: it keeps booking and payment records anonymised.',
    });
  }
  if (!ADMIN_ENDPOINTS_OPEN.has(ctx.path)) {
    throw new APIError('FORBIDDEN', {
      code: 'ADMIN_ACTION_NOT_AVAILABLE',
      message:
        'This admin action is not available: staff act through the admin pages, which record every action in the audit trail.',
    });
  }
  if (ctx.path === '/admin/set-role' && ctx.request && typeof ctx.body?.userId === 'string') {
    const [row] = await db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.id, ctx.body.userId));
    if (row) rolesBefore.set(ctx.request, row.role);
  }
}

/** After an admin endpoint succeeded: one audit entry for a role change or a password set. */
export async function afterAdminEndpoint(db: Database, ctx: HookContext): Promise<void> {
  const userId = ctx.body?.userId;
  if (typeof userId !== 'string') return;
  if (ctx.path !== '/admin/set-role' && ctx.path !== '/admin/set-user-password') return;
  const session = await getSessionFromCtx(ctx);
  const actorId = session?.user.id ?? null;
  const common = {
    actorId,
    actorRole: actorId ? ('admin' as const) : ('system' as const),
    subjectUserId: userId,
    target: `user:${userId}`,
  };
  if (ctx.path === '/admin/set-role') {
    const before = ctx.request ? rolesBefore.get(ctx.request) : undefined;
    await recordAudit(db, {
      ...common,
      action: 'user.role-change',
      before: before === undefined ? null : { role: before },
      after: { role: ctx.body?.role ?? null },
    });
    return;
  }
  // The password itself is never recorded, only that it was set.
  await recordAudit(db, { ...common, action: 'user.password-set', after: { passwordSet: true } });
}

/** A role granted by the service itself (ADMIN_EMAILS on verification, the admin:grant script). */
export async function recordSystemRoleGrant(
  db: Database,
  grant: { userId: string; before: string },
): Promise<void> {
  if (grant.before === 'admin') return;
  await recordAudit(db, {
    actorId: null,
    actorRole: 'system',
    subjectUserId: grant.userId,
    action: 'user.role-change',
    target: `user:${grant.userId}`,
    before: { role: grant.before },
    after: { role: 'admin' },
  });
}
