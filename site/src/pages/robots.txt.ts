import type { APIRoute } from 'astro';
import { SITE_URL } from 'astro:env/server';
import { robotsTxt } from '../lib/indexing.ts';
import { siteOrigin } from '../lib/site-url.ts';

// Generated so the sitemap address follows SITE_URL, read through the env schema (decision 117).
export const GET: APIRoute = () =>
  new Response(robotsTxt(new URL('/sitemap.xml', siteOrigin(SITE_URL)).href), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
