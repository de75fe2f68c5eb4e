import type { UserRole } from '@tuition/domain';
import type { Auth } from './auth.ts';

export interface DemoUser {
  name: string;
  email: string;
  password: string;
  role: UserRole;
}

/**
 * Known logins for local mode, printed by server.ts at start. Never created in production
 * (server.ts calls seedDemoUsers only when config.demoSeed is on, which production turns off).
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    name: 'Demo Customer',
    email: 'customer@demo.example',
    password: 'demo-customer-1',
    role: 'user',
  },
  { name: 'Demo Admin', email: 'admin@demo.example', password: 'demo-admin-1', role: 'admin' },
  // A tutors row and classes to lead are added by tutors/demo-tutor.ts (docs/decisions/079).
  { name: 'Ms Demo Tutor', email: 'tutor@demo.example', password: 'demo-tutor-1', role: 'tutor' },
];

/** The demo tutor's address. */
export const DEMO_TUTOR_EMAIL = 'tutor@demo.example';

/**
 * Creates the demo customer and admin, verified, with the known passwords; on later starts puts
 * them back as printed (verified, role, password) in case someone changed them while trying things.
 */
export async function seedDemoUsers(deps: { auth: Auth }): Promise<readonly DemoUser[]> {
  const ctx = await deps.auth.$context;
  for (const demo of DEMO_USERS) {
    const hash = await ctx.password.hash(demo.password);
    const existing = await ctx.internalAdapter.findUserByEmail(demo.email, {
      includeAccounts: true,
    });
    if (!existing) {
      const created = await ctx.internalAdapter.createUser(
        {
          name: demo.name,
          email: demo.email,
          emailVerified: true,
          role: demo.role,
        },
        { method: 'admin' },
      );
      await ctx.internalAdapter.linkAccount({
        userId: created.id,
        providerId: 'credential',
        accountId: created.id,
        password: hash,
      });
      continue;
    }
    await ctx.internalAdapter.updateUser(existing.user.id, {
      emailVerified: true,
      role: demo.role,
    });
    const hasCredential = existing.accounts.some((a) => a.providerId === 'credential');
    if (hasCredential) {
      await ctx.internalAdapter.updatePassword(existing.user.id, hash);
    } else {
      await ctx.internalAdapter.linkAccount({
        userId: existing.user.id,
        providerId: 'credential',
        accountId: existing.user.id,
        password: hash,
      });
    }
  }
  return DEMO_USERS;
}
