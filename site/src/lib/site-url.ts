// The site's public origin (decision 012): canonical links, Open Graph URLs, sitemap.xml and
// robots.txt are built from it. SITE_URL is declared in astro.config.mjs's env schema with this
// default for local builds; the config turns it into Astro's `site` through siteOrigin, so a
// value that is not an origin stops the build with a message naming the variable
// (docs/decisions/117).

/** The origin of a local build, when SITE_URL is not set. */
export const SITE_URL_DEFAULT = 'http://localhost:4321';

function parsed(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * SITE_URL as the origin Astro's `site` takes: an absolute http(s) address without a path,
 * query or credentials (a trailing slash is allowed). Anything else throws, naming SITE_URL.
 */
export function siteOrigin(value: string | undefined): string {
  const raw = value?.trim() || SITE_URL_DEFAULT;
  const url = parsed(raw);
  const isOrigin =
    url !== undefined &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  if (!isOrigin) {
    throw new Error(
      `SITE_URL must be the site's public origin, such as https://www.example.co.uk (got "${raw}").`,
    );
  }
  return url.origin;
}
