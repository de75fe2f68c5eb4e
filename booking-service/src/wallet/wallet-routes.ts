import { createRoute } from '@hono/zod-openapi';
import {
  PackCheckoutRequestSchema,
  PackListSchema,
  StartedPackCheckoutSchema,
  WalletSchema,
} from '@tuition/api-contract';
import type { Auth } from '../auth/auth.ts';
import {
  currentUser,
  noSession,
  rejectCrossSiteRequests,
  requireUser,
  requireVerifiedUser,
  signedIn,
} from '../auth/middleware.ts';
import type { CheckoutDeps } from '../checkout/checkout.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';
import { packsOnSale, startPackCheckout } from './pack-checkout.ts';
import { readWallet } from './wallet.ts';

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
    403: problemResponse('E-mail not verified, or sent from another site'),
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
  router.use('/api/checkout/pack', sameSiteOnly, requireVerifiedUser(deps.auth));
  router.use('/api/me/wallet', requireUser(deps.auth));
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
    .openapi(walletRoute, async (c) => c.json(await readWallet(deps, currentUser(c).id), 200));
}
