// Which paths search engines should not index: account, admin and one-off pages that only
// make sense to a signed-in visitor or in the middle of a flow. robots.txt disallows them
// and the sitemap leaves them out.
export const PRIVATE_PATH_PREFIXES = [
  '/admin',
  '/api',
  '/my-account',
  '/manage-bookings',
  '/upcoming-bookings',
  '/previous-bookings',
  '/payments-invoices',
  '/payment-success',
  '/payment-canceled',
  '/reschedule',
  '/verify-email',
  '/reset-password',
  '/reset-password-token',
  '/teach',
  '/enrol',
] as const;

/** True for an absolute URL or a path that belongs in the sitemap. */
export function isIndexable(urlOrPath: string): boolean {
  const path = urlOrPath.startsWith('/') ? urlOrPath : new URL(urlOrPath).pathname;
  if (/^\/404(\/|\.html)?$/.test(path)) return false;
  return !PRIVATE_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export function robotsTxt(sitemapUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${sitemapUrl}`,
    '',
  ].join('\n');
}
