import type { Auth } from './auth.ts';
import { AUTH_BASE_PATH } from './auth.ts';
import { createRouter } from '../http/router.ts';

/**
 * better-auth answers everything under /api/auth/* itself (sign-up, sign-in, sign-out,
 * verify-email, request-password-reset, reset-password, change-password, get-session, admin/*).
 */
export function createAuthRoutes(deps: { auth: Auth }) {
  const router = createRouter();
  router.on(['GET', 'POST'], `${AUTH_BASE_PATH}/*`, (c) => deps.auth.handler(c.req.raw));
  return router;
}
