import { createRoute } from '@hono/zod-openapi';
import {
  PupilCreateSchema,
  PupilIdParamsSchema,
  PupilListSchema,
  PupilRemovedSchema,
  PupilSchema,
  PupilUpdateSchema,
} from '@tuition/api-contract';
import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config/env.ts';
import {
  currentUser,
  rejectCrossSiteRequests,
  requireCustomer,
  signedIn,
} from '../auth/middleware.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';
import { addPupil, listPupils, type PupilDeps, removePupil, updatePupil } from './pupils.ts';

const pupils = { tags: ['pupils'], security: signedIn };

const listRoute = createRoute({
  method: 'get',
  path: '/api/me/pupils',
  operationId: 'listMyPupils',
  ...pupils,
  summary: 'Your account type and your current pupils (the children you book for)',
  responses: {
    200: jsonResponse(PupilListSchema, 'Pupils in the order they were added'),
    401: problemResponse('Not signed in'),
    403: problemResponse('E-mail not verified, or a tutor account'),
  },
});

const addRoute = createRoute({
  method: 'post',
  path: '/api/me/pupils',
  operationId: 'addPupil',
  ...pupils,
  summary: 'Add a pupil; Years 6-11 need consent: true (the consent statement ticked)',
  request: { body: jsonBody(PupilCreateSchema) },
  responses: {
    201: jsonResponse(PupilSchema, 'The new pupil'),
    400: invalidInput('A field is invalid; `errors` names it (consent, yearGroup, name, email)'),
    401: problemResponse('Not signed in'),
    403: problemResponse('E-mail not verified, a tutor account, or sent from another site'),
    409: problemResponse('`code` student-account: a student account has one pupil, itself'),
  },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/api/me/pupils/{id}',
  operationId: 'updatePupil',
  ...pupils,
  summary: 'Rename a pupil, change their year group or e-mail',
  request: { params: PupilIdParamsSchema, body: jsonBody(PupilUpdateSchema) },
  responses: {
    200: jsonResponse(PupilSchema, 'The pupil'),
    400: invalidInput('A field is invalid; consent is needed to move into Years 6-11'),
    401: problemResponse('Not signed in'),
    403: problemResponse('E-mail not verified, a tutor account, or sent from another site'),
    404: problemResponse('No such pupil of yours'),
  },
});

const removeRoute = createRoute({
  method: 'delete',
  path: '/api/me/pupils/{id}',
  operationId: 'removePupil',
  ...pupils,
  summary: 'Remove a pupil: archived when they have bookings, deleted otherwise',
  request: { params: PupilIdParamsSchema },
  responses: {
    200: jsonResponse(PupilRemovedSchema, 'What happened'),
    400: invalidInput('Control characters or bad encoding in the path'),
    401: problemResponse('Not signed in'),
    403: problemResponse('E-mail not verified, a tutor account, or sent from another site'),
    404: problemResponse('No such pupil of yours'),
    409: problemResponse('`code` student-account: a student account keeps its own pupil'),
  },
});

export function createPupilRoutes(deps: PupilDeps & { auth: Auth; config: Config }) {
  const router = createRouter();
  for (const path of ['/api/me/pupils', '/api/me/pupils/:id']) {
    // Children are a family's: a tutor's account has none to list or add (decision 088).
    router.use(
      path,
      rejectCrossSiteRequests(deps.config.trustedOrigins),
      requireCustomer(deps.auth),
    );
  }
  return router
    .openapi(listRoute, async (c) => c.json(await listPupils(deps, currentUser(c).id), 200))
    .openapi(addRoute, async (c) =>
      c.json(await addPupil(deps, currentUser(c).id, c.req.valid('json')), 201),
    )
    .openapi(updateRoute, async (c) =>
      c.json(
        await updatePupil(deps, currentUser(c).id, c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(removeRoute, async (c) =>
      c.json(await removePupil(deps, currentUser(c).id, c.req.valid('param').id), 200),
    );
}
