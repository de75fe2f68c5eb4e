import { createRoute } from '@hono/zod-openapi';
import {
  AdminPromoCodePageSchema,
  AdminPromoCodeSchema,
  PromoCodeIdParamsSchema,
  PromoCodePatchSchema,
  PromoCodeRequestSchema,
  PromoCodesQuerySchema,
  PromoRedemptionPageSchema,
  PromoRedemptionsQuerySchema,
  SiblingDiscountSchema,
} from '@tuition/api-contract';
import type { Auth } from '../auth/auth.ts';
import { adminOperation as admin, adminRefusals as guarded } from '../auth/admin-openapi.ts';
import { currentUser, rejectCrossSiteRequests, requireAdmin } from '../auth/middleware.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';
import { siblingPercent } from '../pricing/sibling-setting.ts';
import {
  createPromoCode,
  listPromoCodes,
  listPromoRedemptions,
  updatePromoCode,
} from './promo-codes.ts';
import { setSiblingPercent } from './sibling-discount.ts';

/*
 * The admin's promotions (docs/decisions/082): promo codes and their uses, and the sibling
 * discount's percentage. Checkout applies them through the one pricing engine (decision 080).
 */

export interface PromotionDeps {
  db: Database;
  auth: Auth;
  config: Config;
  clock: Clock;
}

const listRoute = createRoute({
  method: 'get',
  path: '/api/admin/promo-codes',
  operationId: 'listPromoCodes',
  ...admin,
  summary:
    'The promo codes, newest first, a page at a time, with their uses: paid, plus checkouts still holding it',
  request: { query: PromoCodesQuerySchema },
  responses: {
    200: jsonResponse(AdminPromoCodePageSchema, 'One page of the codes'),
    400: invalidInput('A cursor this API did not hand out'),
    ...guarded,
  },
});

const createCodeRoute = createRoute({
  method: 'post',
  path: '/api/admin/promo-codes',
  operationId: 'createPromoCode',
  ...admin,
  summary: 'Create a promo code (stored upper-case; customers type it in any case)',
  request: { body: jsonBody(PromoCodeRequestSchema) },
  responses: {
    201: jsonResponse(AdminPromoCodeSchema, 'The code as stored'),
    400: invalidInput('A code that exists already; a value that does not fit the kind; a window'),
    ...guarded,
  },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/api/admin/promo-codes/{id}',
  operationId: 'updatePromoCode',
  ...admin,
  summary: 'Change a promo code: the fields given, checked again with the ones stored',
  request: { params: PromoCodeIdParamsSchema, body: jsonBody(PromoCodePatchSchema) },
  responses: {
    200: jsonResponse(AdminPromoCodeSchema, 'The code as stored now'),
    400: invalidInput('A value that does not fit the kind; a window; a code taken by another'),
    404: problemResponse('No such promo code'),
    ...guarded,
  },
});

const redemptionsRoute = createRoute({
  method: 'get',
  path: '/api/admin/promo-codes/{id}/redemptions',
  operationId: 'listPromoRedemptions',
  ...admin,
  summary:
    "A promo code's uses, newest first, a page at a time, with each one's account and pupils",
  request: { params: PromoCodeIdParamsSchema, query: PromoRedemptionsQuerySchema },
  responses: {
    200: jsonResponse(PromoRedemptionPageSchema, 'One page of the uses'),
    400: invalidInput('A cursor this API did not hand out'),
    404: problemResponse('No such promo code'),
    ...guarded,
  },
});

const siblingRoute = createRoute({
  method: 'get',
  path: '/api/admin/discounts/sibling',
  operationId: 'siblingDiscount',
  ...admin,
  summary: "The sibling discount: percent off each additional pupil's seat in one session",
  responses: { 200: jsonResponse(SiblingDiscountSchema, 'The percentage; 0 is off'), ...guarded },
});

const setSiblingRoute = createRoute({
  method: 'put',
  path: '/api/admin/discounts/sibling',
  operationId: 'setSiblingDiscount',
  ...admin,
  summary: 'Set the sibling discount, a whole percent from 0 (off) to 50',
  request: { body: jsonBody(SiblingDiscountSchema) },
  responses: {
    200: jsonResponse(SiblingDiscountSchema, 'The percentage now'),
    400: invalidInput('percent must be a whole number from 0 to 50'),
    ...guarded,
  },
});

export function createPromotionRoutes(deps: PromotionDeps) {
  const router = createRouter();
  const sameSiteOnly = rejectCrossSiteRequests(deps.config.trustedOrigins);
  for (const path of ['/api/admin/promo-codes', '/api/admin/promo-codes/*']) {
    router.use(path, requireAdmin(deps.auth), sameSiteOnly);
  }
  router.use('/api/admin/discounts/sibling', requireAdmin(deps.auth), sameSiteOnly);

  return router
    .openapi(listRoute, async (c) => {
      const { cursor } = c.req.valid('query');
      return c.json(await listPromoCodes(deps.db, deps.clock.now(), cursor), 200);
    })
    .openapi(createCodeRoute, async (c) => {
      const me = currentUser(c);
      const created = await createPromoCode(deps.db, { adminId: me.id, body: c.req.valid('json') });
      c.get('log').info({ adminId: me.id, promoCodeId: created.id }, 'admin created a promo code');
      return c.json(created, 201);
    })
    .openapi(updateRoute, async (c) => {
      const input = {
        adminId: currentUser(c).id,
        id: c.req.valid('param').id,
        patch: c.req.valid('json'),
        now: deps.clock.now(),
      };
      return c.json(await updatePromoCode(deps.db, input), 200);
    })
    .openapi(redemptionsRoute, async (c) => {
      const { cursor } = c.req.valid('query');
      return c.json(await listPromoRedemptions(deps.db, c.req.valid('param').id, cursor), 200);
    })
    .openapi(siblingRoute, async (c) => c.json({ percent: await siblingPercent(deps.db) }, 200))
    .openapi(setSiblingRoute, async (c) => {
      const input = { adminId: currentUser(c).id, percent: c.req.valid('json').percent };
      return c.json(await setSiblingPercent(deps.db, input), 200);
    });
}
