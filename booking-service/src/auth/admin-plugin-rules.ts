import { USER_ROLES } from '@tuition/domain';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';

/*
 * The product's rules for better-auth's admin plugin, checked before it acts (the audit trail's
 * own checks follow, audit/auth-audit.ts, which also refuses every action no page uses, such as
 * list-user-sessions and its session tokens): set-role stores whatever string it is sent, and
 * would make an unverified account an admin, so only the product's roles, and only for a
 * verified address (docs/decisions/039, addendum).
 */

type HookContext = Parameters<typeof getSessionFromCtx>[0] & {
  path: string;
  body?: Record<string, unknown> | undefined;
};

/** The roles set-role may give; tutors come from an invitation (docs/decisions/079). */
const SETTABLE_ROLES = USER_ROLES.filter((role) => role !== 'tutor');
const ROLE_MESSAGE = `Choose one of these roles: ${SETTABLE_ROLES.join(', ')}.`;

function isUserRole(role: unknown): role is (typeof USER_ROLES)[number] {
  return typeof role === 'string' && (USER_ROLES as readonly string[]).includes(role);
}

/** Throws the refusal for an admin-plugin request the product does not allow. */
export async function checkAdminPluginRequest(db: Database, ctx: HookContext): Promise<void> {
  if (ctx.path !== '/admin/set-role') return;
  // Only an admin learns anything about the target; better-auth refuses anyone else.
  const session = await getSessionFromCtx(ctx);
  if (session?.user.role !== 'admin') return;
  if (!isUserRole(ctx.body?.role)) {
    throw new APIError('BAD_REQUEST', {
      code: 'INVALID_ROLE',
      message: `This role does not exist. ${ROLE_MESSAGE}`,
      errors: [{ field: 'role', message: ROLE_MESSAGE }],
    });
  }
  const userId = ctx.body?.userId;
  if (typeof userId !== 'string') return;
  const [target] = await db
    .select({ emailVerified: user.emailVerified, role: user.role })
    .from(user)
    .where(eq(user.id, userId));
  // A tutor is an account and a tutors row made together by an invitation, and closed by
  // deactivating it (docs/decisions/079): set-role would leave half a tutor.
  if (ctx.body?.role === 'tutor' || target?.role === 'tutor') {
    throw new APIError('BAD_REQUEST', {
      code: 'TUTOR_ROLE',
      message:
        'Tutors are invited and deactivated from the Tutors panel; their role cannot be set here.',
      errors: [{ field: 'role', message: 'Use the Tutors panel for tutors.' }],
    });
  }
  if (target && !target.emailVerified) {
    throw new APIError('BAD_REQUEST', {
      code: 'ACCOUNT_NOT_VERIFIED',
      message:
        "This account's e-mail address is not verified yet, so its role cannot be changed: anyone can sign up an address they do not hold.",
    });
  }
}
