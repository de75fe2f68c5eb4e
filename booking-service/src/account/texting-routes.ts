import { createRoute } from '@hono/zod-openapi';
import {
  NotificationsSchema,
  NotificationsUpdateSchema,
  PhoneVerificationConfirmSchema,
  PhoneVerificationSentSchema,
  PhoneVerifiedSchema,
} from '@tuition/api-contract';
import type { Auth } from '../auth/auth.ts';
import { currentUser, rejectCrossSiteRequests, requireUser, signedIn } from '../auth/middleware.ts';
import type { Config } from '../config/env.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';
import type { TextingDeps } from '../sms/texting.ts';
import { notificationsOf, updateNotifications } from './notification-prefs.ts';
import { confirmVerificationCode, sendVerificationCode } from './phone-verification.ts';

/*
 * The account's texting routes (docs/decisions/103): verifying the number, and the choice per
 * text kind with quiet hours. The provider's webhooks are in sms/sms-webhook-routes.ts.
 */

const tags = ['account'];

const sendCodeRoute = createRoute({
  method: 'post',
  path: '/api/me/phone/verification',
  operationId: 'sendPhoneVerificationCode',
  tags,
  summary: "Texts a 6-digit code to the account's phone (10 minutes, 5 tries)",
  security: signedIn,
  responses: {
    202: jsonResponse(PhoneVerificationSentSchema, 'The code was sent'),
    400: invalidInput('The account has no phone (`errors` names `phone`)'),
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site'),
    429: problemResponse(
      '3 codes this hour for the account or the number, or the daily text limit',
    ),
  },
});

const confirmCodeRoute = createRoute({
  method: 'post',
  path: '/api/me/phone/verification/confirm',
  operationId: 'confirmPhoneVerificationCode',
  tags,
  summary: 'Verifies the phone with the code texted to it',
  security: signedIn,
  request: { body: jsonBody(PhoneVerificationConfirmSchema) },
  responses: {
    200: jsonResponse(PhoneVerifiedSchema, 'The number is verified'),
    400: invalidInput('A wrong, expired or used-up code (`errors` names `code`)'),
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site'),
    409: problemResponse('`code` phone-not-verified: the account has no phone'),
  },
});

const getNotificationsRoute = createRoute({
  method: 'get',
  path: '/api/me/notifications',
  operationId: 'getNotifications',
  tags,
  summary: 'Which messages the family gets by text, and their quiet hours',
  security: signedIn,
  responses: {
    200: jsonResponse(NotificationsSchema, 'The choices'),
    401: problemResponse('Not signed in'),
  },
});

const putNotificationsRoute = createRoute({
  method: 'put',
  path: '/api/me/notifications',
  operationId: 'updateNotifications',
  tags,
  summary: 'Changes text choices and quiet hours (turning one on records the wording shown)',
  security: signedIn,
  request: { body: jsonBody(NotificationsUpdateSchema) },
  responses: {
    200: jsonResponse(NotificationsSchema, 'The choices now'),
    400: invalidInput(),
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site'),
    409: problemResponse('`code` phone-not-verified: a kind turned on without a verified number'),
  },
});

export type TextingRouteDeps = TextingDeps & { auth: Auth; config: Config };

export function createTextingRoutes(deps: TextingRouteDeps) {
  const router = createRouter();
  for (const path of ['/api/me/phone/*', '/api/me/notifications']) {
    router.use(path, rejectCrossSiteRequests(deps.config.trustedOrigins));
    router.use(path, requireUser(deps.auth));
  }
  return router
    .openapi(sendCodeRoute, async (c) =>
      c.json(await sendVerificationCode(deps, currentUser(c).id), 202),
    )
    .openapi(confirmCodeRoute, async (c) => {
      const { code } = c.req.valid('json');
      return c.json(await confirmVerificationCode(deps, currentUser(c).id, code), 200);
    })
    .openapi(getNotificationsRoute, async (c) =>
      c.json(await notificationsOf(deps, currentUser(c).id), 200),
    )
    .openapi(putNotificationsRoute, async (c) =>
      c.json(await updateNotifications(deps, currentUser(c).id, c.req.valid('json')), 200),
    );
}
