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

/** HTML may change with every deploy: caches keep it but ask each time (304 when unchanged). */
export const HTML_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Astro fingerprints the file names under /_astro, so a URL's content never changes. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The request's If-Modified-Since covers the file's Last-Modified (whole seconds, as sent). */
function notModifiedSince(ifModifiedSince: string | undefined, lastModified: string | null) {
  if (!ifModifiedSince || !lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  const modified = Date.parse(lastModified);
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

/**
 * Serves the built Astro site (SITE_DIST) on the service's origin, after every API route:
 * /about -> about/index.html (or about.html), any other path -> 404.html with status 404.
 * The build's Brotli/gzip copies (site/integrations/precompress.mjs) go to browsers that accept
 * them; hashed /_astro assets are cached for a year, pages revalidate (304 when unchanged).
 * Call it last, after all routes are mounted.
 */
export function mountStaticSite<E extends Env>(app: OpenAPIHono<E>, siteDist: string): void {
  const root = path.resolve(siteDist);
  const onlySitePaths =
    (handler: ReturnType<typeof serveStatic>): ReturnType<typeof serveStatic> =>
    (c, next) =>
      isServicePath(c.req.path) ? next() : handler(c, next);

  app.use('*', async (c, next) => {
    if (isServicePath(c.req.path)) return next();
    await next();
    if (c.res.status !== 200) return;
    const asset = c.req.path.startsWith('/_astro/');
    c.res.headers.set('Cache-Control', asset ? ASSET_CACHE_CONTROL : HTML_CACHE_CONTROL);
    if (
      !asset &&
      notModifiedSince(c.req.header('if-modified-since'), c.res.headers.get('last-modified'))
    ) {
      const headers = new Headers(c.res.headers);
      for (const name of ['content-length', 'content-encoding', 'content-type'])
        headers.delete(name);
      await c.res.body?.cancel();
      // Cleared first: Hono's setter would otherwise copy the 200's length and encoding over.
      c.res = undefined as unknown as Response;
      c.res = new Response(null, { status: 304, headers });
    }
  });
  // One static page shows every admin user detail; its island reads the id from the path
  // /admin/users/{id} (docs/decisions/031).
  app.get(
    '/admin/users/:id',
    serveStatic({ root, path: 'admin/user/index.html', precompressed: true }),
  );
  app.use('*', onlySitePaths(serveStatic({ root, precompressed: true })));
  // build.format 'file' emits about.html rather than about/index.html.
  app.use(
    '*',
    onlySitePaths(
      serveStatic({
        root,
        precompressed: true,
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
