import { createRoute } from '@hono/zod-openapi';
import { MeSchema, ProfileUpdateSchema } from '@tuition/api-contract';
import { accountPhoneSchema } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { currentUser, rejectCrossSiteRequests, requireUser, signedIn } from '../auth/middleware.ts';
import { user } from '../db/schema.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { NotFoundError, ValidationError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { forgetVerifiedPhone } from './phone-verification.ts';

const getMeRoute = createRoute({
  method: 'get',
  path: '/api/me',
  operationId: 'getMe',
  tags: ['account'],
  summary: "The signed-in user's personal details",
  security: signedIn,
  responses: {
    200: jsonResponse(MeSchema, 'The account'),
    401: problemResponse('Not signed in'),
    404: problemResponse('The account was deleted while its session lasted'),
  },
});

const patchMeRoute = createRoute({
  method: 'patch',
  path: '/api/me',
  operationId: 'updateMe',
  tags: ['account'],
  summary: 'Update name and phone (an empty phone removes it)',
  security: signedIn,
  request: { body: jsonBody(ProfileUpdateSchema) },
  responses: {
    200: jsonResponse(MeSchema, 'The updated account'),
    400: invalidInput('A field is invalid; `errors` names it'),
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site'),
    404: problemResponse('The account was deleted while its session lasted'),
  },
});

export function createAccountRoutes(deps: { auth: Auth; db: Database; config: Config }) {
  const router = createRouter();
  router.use('/api/me', rejectCrossSiteRequests(deps.config.trustedOrigins));
  router.use('/api/me', requireUser(deps.auth));

  const loadMe = async (id: string) => {
    const [row] = await deps.db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        phone: user.phone,
        role: user.role,
        emailVerified: user.emailVerified,
      })
      .from(user)
      .where(eq(user.id, id))
      .limit(1);
    if (!row) throw new NotFoundError('Your account no longer exists.');
    return row;
  };

  return router
    .openapi(getMeRoute, async (c) => c.json(await loadMe(currentUser(c).id), 200))
    .openapi(patchMeRoute, async (c) => {
      const { name, phone: typed } = c.req.valid('json');
      const phone = storedPhone(typed);
      const me = currentUser(c);
      // An omitted phone leaves it as it is; '' or null (parsed to null) removes it.
      await deps.db
        .update(user)
        .set({ name, ...(phone !== undefined ? { phone } : {}) })
        .where(eq(user.id, me.id));
      // A new number is not the one verified: texts stop until it is (docs/decisions/103).
      if (phone !== undefined) await forgetVerifiedPhone(deps.db, me.id, phone);
      return c.json(await loadMe(me.id), 200);
    });
}

/**
 * The phone as stored (decision 069): a real number in E.164, null to remove it, undefined to
 * leave it; a number no country has given out is refused naming the field.
 */
function storedPhone(typed: string | null | undefined): string | null | undefined {
  if (typed === undefined) return undefined;
  const parsed = accountPhoneSchema.safeParse(typed);
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((issue) => ({ field: 'phone', message: issue.message })),
    );
  }
  return parsed.data;
}
