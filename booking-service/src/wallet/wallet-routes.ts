import { createRoute } from '@hono/zod-openapi';
import {
  CreditGrantedSchema,
  CreditGrantRequestSchema,
  CreditLotIdParamsSchema,
  isId,
  PackRefundSchema,
  UserIdParamsSchema,
  PackCheckoutRequestSchema,
  PackListSchema,
  StartedPackCheckoutSchema,
  WalletSchema,
} from '@tuition/api-contract';
import type { Auth } from '../auth/auth.ts';
import { adminRefusals } from '../auth/admin-openapi.ts';
import {
  currentUser,
  noSession,
  rejectCrossSiteRequests,
  requireAdmin,
  requireCustomer,
  requireUser,
  signedIn,
} from '../auth/middleware.ts';
import { NotFoundError } from '../http/problem.ts';
import type { CheckoutDeps } from '../checkout/checkout.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';
import { packsOnSale, startPackCheckout } from './pack-checkout.ts';
import { readWallet } from './wallet.ts';
import { grantCredit, refundUnusedPack } from './wallet-changes.ts';

/** A malformed id names nothing (and never reaches a uuid column). */
function idOrNotFound(id: string, what: string): string {
  if (!isId(id)) throw new NotFoundError(`No such ${what}.`);
  return id;
}

const refundLotRoute = createRoute({
  method: 'post',
  path: '/api/me/wallet/lots/{id}/refund',
  operationId: 'refundUnusedPack',
  tags: ['wallet'],
  summary: "Cancel a pack's unused sessions for a card refund, within 14 days of buying it",
  description:
    'Refunds the unused sessions at the pack’s own price per session (never the single ' +
    'price); the sessions leave your credit.',
  security: signedIn,
  request: { params: CreditLotIdParamsSchema },
  responses: {
    200: jsonResponse(PackRefundSchema, 'What was refunded'),
    400: invalidInput('Control characters or bad encoding in the path'),
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site'),
    404: problemResponse('No such credit of yours'),
    409: problemResponse('`code` not-refundable: a grant, nothing left, or past the 14 days'),
  },
});

const adminWalletRoute = createRoute({
  method: 'get',
  path: '/api/admin/users/{id}/wallet',
  operationId: 'adminUserWallet',
  tags: ['admin'],
  summary: "A family's credit: balance, lots and history",
  security: signedIn,
  request: { params: UserIdParamsSchema },
  responses: {
    200: jsonResponse(WalletSchema, 'The wallet'),
    400: invalidInput('Control characters or bad encoding in the path'),
    404: problemResponse('No such user'),
    ...adminRefusals,
  },
});

const grantRoute = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/credit',
  operationId: 'adminGrantCredit',
  tags: ['admin'],
  summary: 'Give a family goodwill credit (audited)',
  security: signedIn,
  request: { params: UserIdParamsSchema, body: jsonBody(CreditGrantRequestSchema) },
  responses: {
    201: jsonResponse(CreditGrantedSchema, 'The credit was added'),
    400: invalidInput('`sessions` 1–20, a `reason`, an `expiresAt` in the future'),
    404: problemResponse('No such user'),
    ...adminRefusals,
  },
});

const listPacksRoute = createRoute({
  method: 'get',
  path: '/api/packs',
  operationId: 'listPacks',
  tags: ['wallet'],
  summary: 'The session packs on sale (credit any child of the account may use)',
  security: noSession,
  responses: { 200: jsonResponse(PackListSchema, 'Packs on sale, as editors order them') },
});

const startPackCheckoutRoute = createRoute({
  method: 'post',
  path: '/api/checkout/pack',
  operationId: 'startPackCheckout',
  tags: ['wallet'],
  summary: 'Open the payment page for a session pack',
  description:
    'Priced from the CMS, never from the request. Paid through the same payment page and ' +
    'webhook as seats; the payment adds the pack’s sessions to your credit.',
  security: signedIn,
  request: { body: jsonBody(PackCheckoutRequestSchema) },
  responses: {
    201: jsonResponse(StartedPackCheckoutSchema, 'Send the customer to `url` to pay'),
    400: invalidInput('`packId` missing or not a string'),
    401: problemResponse('Not signed in'),
    403: problemResponse('E-mail not verified, a tutor account, or sent from another site'),
    404: problemResponse('No pack with that id is on sale'),
    502: problemResponse('The payment provider did not open a page'),
  },
});

const walletRoute = createRoute({
  method: 'get',
  path: '/api/me/wallet',
  operationId: 'getMyWallet',
  tags: ['wallet'],
  summary: 'Your credit: what you can spend, each lot, and what used it',
  security: signedIn,
  responses: {
    200: jsonResponse(WalletSchema, 'Your wallet'),
    401: problemResponse('Not signed in'),
  },
});

/** The family wallet's API (docs/decisions/077). */
export function createWalletRoutes(deps: CheckoutDeps & { auth: Auth }) {
  const router = createRouter();
  const sameSiteOnly = rejectCrossSiteRequests(deps.config.trustedOrigins);
  router.use('/api/checkout/pack', sameSiteOnly, requireCustomer(deps.auth));
  router.use('/api/me/wallet', requireUser(deps.auth));
  router.use('/api/me/wallet/*', sameSiteOnly, requireUser(deps.auth));
  router.use('/api/admin/users/:id/wallet', requireAdmin(deps.auth));
  router.use('/api/admin/users/:id/credit', sameSiteOnly, requireAdmin(deps.auth));
  return router
    .openapi(listPacksRoute, async (c) => c.json(await packsOnSale(deps), 200))
    .openapi(startPackCheckoutRoute, async (c) => {
      const me = currentUser(c);
      const started = await startPackCheckout(deps, {
        user: { id: me.id, email: me.email },
        packId: c.req.valid('json').packId,
      });
      return c.json(started, 201);
    })
    .openapi(walletRoute, async (c) => c.json(await readWallet(deps, currentUser(c).id), 200))
    .openapi(refundLotRoute, async (c) => {
      const lotId = idOrNotFound(c.req.valid('param').id, 'credit');
      return c.json(await refundUnusedPack(deps, { userId: currentUser(c).id, lotId }), 200);
    })
    .openapi(adminWalletRoute, async (c) => {
      const userId = c.req.valid('param').id;
      // As documented: an account that does not exist has no wallet to show, not an empty one.
      const found = await deps.db.query.user.findFirst({
        where: (row, { eq }) => eq(row.id, userId),
        columns: { id: true },
      });
      if (!found) throw new NotFoundError('No such user.');
      return c.json(await readWallet(deps, userId), 200);
    })
    .openapi(grantRoute, async (c) => {
      const body = c.req.valid('json');
      const granted = await grantCredit(deps, {
        adminId: currentUser(c).id,
        userId: c.req.valid('param').id,
        sessions: body.sessions,
        reason: body.reason,
        ...(body.expiresAt ? { expiresAt: body.expiresAt } : {}),
      });
      return c.json(granted, 201);
    });
}
