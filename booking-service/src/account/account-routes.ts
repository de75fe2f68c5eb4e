import { createRoute, z } from '@hono/zod-openapi';
import { profileUpdateSchema, USER_ROLES } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { currentUser, rejectCrossSiteRequests, requireUser } from '../auth/middleware.ts';
import { user } from '../db/schema.ts';
import { ProblemSchema } from '../http/openapi-schemas.ts';
import { NotFoundError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';

const MeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: z.enum(USER_ROLES),
    emailVerified: z.boolean(),
  })
  .openapi('Me');

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

const getMeRoute = createRoute({
  method: 'get',
  path: '/api/me',
  tags: ['account'],
  summary: "The signed-in user's personal details",
  responses: {
    200: { description: 'The account', content: { 'application/json': { schema: MeSchema } } },
    401: problemResponse('Not signed in'),
  },
});

const patchMeRoute = createRoute({
  method: 'patch',
  path: '/api/me',
  tags: ['account'],
  summary: 'Update name and phone (an empty phone removes it)',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: profileUpdateSchema } },
    },
  },
  responses: {
    200: {
      description: 'The updated account',
      content: { 'application/json': { schema: MeSchema } },
    },
    400: problemResponse('A field is invalid; `errors` names it'),
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site'),
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
      const { name, phone } = c.req.valid('json');
      const me = currentUser(c);
      // An omitted phone leaves it as it is; '' or null (parsed to null) removes it.
      await deps.db
        .update(user)
        .set({ name, ...(phone !== undefined ? { phone } : {}) })
        .where(eq(user.id, me.id));
      return c.json(await loadMe(me.id), 200);
    });
}
