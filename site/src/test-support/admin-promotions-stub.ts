// The admin's promotion and enrolment routes (docs/decisions/082, 083) for island tests, beside
// the shared stub (api-stub.ts) that answers every other route. Each answer is typed by
// @tuition/api-contract, and the site's fetch checks it against the same schema while testing.
import type * as Contract from '@tuition/api-contract';
import { vi } from 'vitest';
import type { z } from 'zod';
import { problem, type Routes, stubApi } from './api-stub.ts';

const PROMOTION_ROUTES = {
  'GET /api/admin/promo-codes': 'AdminPromoCodePageSchema',
  'POST /api/admin/promo-codes': 'AdminPromoCodeSchema',
  'PATCH /api/admin/promo-codes/:id': 'AdminPromoCodeSchema',
  'GET /api/admin/promo-codes/:id/redemptions': 'PromoRedemptionPageSchema',
  'GET /api/admin/discounts/sibling': 'SiblingDiscountSchema',
  'PUT /api/admin/discounts/sibling': 'SiblingDiscountSchema',
  'GET /api/admin/enrolments': 'AdminEnrolmentListSchema',
} as const;

export type PromotionRoute = keyof typeof PROMOTION_ROUTES;
export type PromotionAnswer<R extends PromotionRoute> = z.input<
  (typeof Contract)[(typeof PROMOTION_ROUTES)[R]]
>;

export interface SentRequest {
  route: PromotionRoute;
  url: URL;
  body: unknown;
}

export type PromotionRoutes = {
  [R in PromotionRoute]?:
    | PromotionAnswer<R>
    | Response
    | ((sent: SentRequest) => PromotionAnswer<R> | Response);
};

const routeOf = (method: string, pathname: string) =>
  (Object.keys(PROMOTION_ROUTES) as PromotionRoute[]).find((r) => {
    const [m, path] = r.split(' ') as [string, string];
    return m === method && new RegExp(`^${path.replace(/:id/g, '[^/]+')}$`).test(pathname);
  });

/** The service as `routes` and the shared stub's `others` describe it; every call here kept. */
export function stubPromotions(routes: PromotionRoutes, others: Routes = {}): SentRequest[] {
  const { fetch: shared } = stubApi(others);
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routeOf((init?.method ?? 'GET').toUpperCase(), url.pathname);
    if (!route) return shared(input, init);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { route, url, body };
    sent.push(call);
    const handler = routes[route];
    if (handler === undefined) return problem(404, `no stub for ${route}`);
    const answer = typeof handler === 'function' ? handler(call) : handler;
    return answer instanceof Response ? answer.clone() : Response.json(answer);
  });
  return sent;
}
