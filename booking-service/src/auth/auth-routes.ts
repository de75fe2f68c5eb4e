import { createRoute } from '@hono/zod-openapi';
import { ResetTokenParamsSchema, ResetTokenSchema } from '@tuition/api-contract';
import type { Config } from '../config/env.ts';
import { AUTH_BASE_PATH, type Auth } from './auth.ts';
import { CLIENT_ADDRESS_HEADER, clientAddress } from '../http/client-address.ts';
import { invalidInput, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { NotFoundError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { noSession } from './middleware.ts';
import { resetTokenOwner } from './reset-token.ts';

const resetTokenRoute = createRoute({
  method: 'get',
  path: '/api/auth-tokens/reset/{token}',
  operationId: 'checkResetToken',
  tags: ['auth'],
  summary: 'Whether a password-reset link is still valid, and whose it is',
  description:
    'The reset page checks its token before showing the form and signs the customer in with ' +
    'the new password afterwards. 404 when the token is unknown, used or expired.',
  security: noSession,
  request: { params: ResetTokenParamsSchema },
  responses: {
    200: jsonResponse(ResetTokenSchema, 'The token is valid'),
    400: invalidInput('A token longer than 200 characters or with control characters'),
    404: problemResponse('Unknown, used or expired token'),
  },
});

/**
 * The request better-auth sees: our resolved client address in CLIENT_ADDRESS_HEADER (the only
 * header better-auth reads an address from), never a copy the client sent itself.
 */
function withClientAddress(request: Request, address: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  return new Request(request, { headers });
}

/** better-auth's 429 names the wait in X-Retry-After; browsers and clients read Retry-After. */
function withStandardRetryAfter(response: Response): Response {
  const wait = response.headers.get('x-retry-after');
  if (response.status !== 429 || !wait || response.headers.has('retry-after')) return response;
  const headers = new Headers(response.headers);
  headers.set('retry-after', wait);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * better-auth answers everything under /api/auth/* itself (sign-up, sign-in, sign-out,
 * verify-email, request-password-reset, reset-password, change-password, get-session, admin/*).
 */
export function createAuthRoutes(deps: { auth: Auth; config: Config }) {
  const router = createRouter();
  router.on(['GET', 'POST'], `${AUTH_BASE_PATH}/*`, async (c) => {
    const address = clientAddress(c, deps.config.trustedProxies);
    const response = await deps.auth.handler(withClientAddress(c.req.raw, address));
    return withStandardRetryAfter(response);
  });
  router.openapi(resetTokenRoute, async (c) => {
    const owner = await resetTokenOwner(deps.auth, c.req.valid('param').token);
    if (!owner) throw new NotFoundError('This password reset link is invalid or has expired.');
    return c.json({ valid: true as const, ...owner }, 200);
  });
  return router;
}
