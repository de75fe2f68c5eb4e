import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config/env.ts';

/** Where Stripe Checkout lives; the checkout form/redirect goes there. */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * sha256 sources for every inline <script> in the built site. Astro emits a small inline
 * loader that defines <astro-island> (and inline hoisted scripts); hashing them lets
 * script-src stay 'self' without 'unsafe-inline'. Computed once at start from SITE_DIST,
 * so a rebuilt site is covered after a restart. See docs/decisions/015.
 */
export function inlineScriptHashes(siteDist: string): string[] {
  if (!existsSync(siteDist)) return [];
  const hashes = new Set<string>();
  for (const file of htmlFiles(siteDist)) {
    const html = readFileSync(file, 'utf8');
    for (const match of html.matchAll(INLINE_SCRIPT)) {
      const [, attributes = '', body = ''] = match;
      if (/\bsrc\s*=/.test(attributes) || body.length === 0) continue;
      // Data blocks (JSON-LD, JSON) are never executed, so they need no source.
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
      if (type && type !== 'module' && type !== 'text/javascript') continue;
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export interface SecurityHeaderOptions {
  isProduction: boolean;
  scriptHashes: readonly string[];
  /** Extra image origins (the Sanity CDN when content comes from Sanity). */
  imageOrigins?: readonly string[];
  /** Extra origins the lesson page connects to (LiveKit's signalling, docs/decisions/098). */
  connectOrigins?: readonly string[];
}

/**
 * LiveKit's origins as the browser reaches them: the wss:// signalling socket and the https://
 * requests the client makes to the same host (region settings).
 */
export function liveKitOrigins(url: string | undefined): string[] {
  if (!url) return [];
  const host = new URL(url).host;
  return [`wss://${host}`, `https://${host}`];
}

export function securityHeaderOptionsFromConfig(config: Config): SecurityHeaderOptions {
  return {
    isProduction: config.isProduction,
    scriptHashes: inlineScriptHashes(config.siteDist),
    imageOrigins: config.contentEnv.SANITY_PROJECT_ID ? ['https://cdn.sanity.io'] : [],
    connectOrigins: liveKitOrigins(config.rooms.livekit?.url),
  };
}

/** Security headers on every response, the site's pages and the API alike. */
export function securityHeaders(options: SecurityHeaderOptions) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...options.scriptHashes],
      // Radix/React set inline style attributes at runtime; styles cannot run code.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', ...(options.imageOrigins ?? [])],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...(options.connectOrigins ?? [])],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'", STRIPE_CHECKOUT_ORIGIN],
    },
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    // HSTS over plain-http localhost would pin browsers to https for localhost; production only.
    strictTransportSecurity: options.isProduction ? 'max-age=63072000; includeSubDomains' : false,
    // A route may set a stricter value itself: the /join redirect sends no referrer at all.
    overwrite: false,
  });
}
