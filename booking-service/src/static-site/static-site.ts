import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env } from 'hono';

/** Paths the service answers itself; the site's files must never shadow them. */
const SERVICE_PREFIXES = ['/api', '/dev'];

function isServicePath(requestPath: string): boolean {
  return SERVICE_PREFIXES.some((p) => requestPath === p || requestPath.startsWith(`${p}/`));
}

/**
 * Serves the built Astro site (SITE_DIST) on the service's origin, after every API route:
 * /about -> about/index.html (or about.html), hashed /_astro assets cached for a year, any
 * other path -> 404.html with status 404. Call it last, after all routes are mounted.
 */
export function mountStaticSite<E extends Env>(app: OpenAPIHono<E>, siteDist: string): void {
  const root = path.resolve(siteDist);
  const onlySitePaths =
    (handler: ReturnType<typeof serveStatic>): ReturnType<typeof serveStatic> =>
    (c, next) =>
      isServicePath(c.req.path) ? next() : handler(c, next);

  // Astro fingerprints these file names, so a URL's content never changes.
  app.use('/_astro/*', async (c, next) => {
    await next();
    if (c.res.status === 200)
      c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // One static page shows every admin user detail; its island reads the id from the path
  // /admin/users/{id} (docs/decisions/031).
  app.get('/admin/users/:id', serveStatic({ root, path: 'admin/user/index.html' }));
  app.use('*', onlySitePaths(serveStatic({ root })));
  // build.format 'file' emits about.html rather than about/index.html.
  app.use(
    '*',
    onlySitePaths(
      serveStatic({
        root,
        rewriteRequestPath: (p) => (path.extname(p) === '' && p !== '/' ? `${p}.html` : p),
      }),
    ),
  );

  const notFoundPage = path.join(root, '404.html');
  app.get('*', (c, next) => {
    if (isServicePath(c.req.path)) return next();
    // Read per request: a rebuilt site shows its new 404 page without a restart.
    if (existsSync(notFoundPage)) return c.html(readFileSync(notFoundPage, 'utf8'), 404);
    return c.text('Not Found', 404);
  });
}
