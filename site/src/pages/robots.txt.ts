import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/indexing.ts';

// Generated so the sitemap address follows the configured SITE_URL.
export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(new URL('/sitemap.xml', site).href), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
