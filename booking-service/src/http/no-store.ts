import type { MiddlewareHandler } from 'hono';

/**
 * `Cache-Control: no-store` on every answer that does not choose its own caching. Mounted on
 * /api/* (and the local checkout page): most of the API answers per session (/api/me,
 * /api/admin/*, better-auth's get-session), problem bodies included, and the public rest
 * changes with every seat taken, so no browser or shared cache may keep a copy. One default
 * at the edge cannot be forgotten by a new route, unlike a header set route by route
 * (docs/decisions/040).
 */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}
