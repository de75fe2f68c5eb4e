import type { OpenAPIHono } from '@hono/zod-openapi';
import { PROBLEM_CODES } from '@tuition/api-contract';
import { SESSION_COOKIE_NAMES } from './auth/auth.ts';
import { SESSION_SCHEMES } from './auth/middleware.ts';
import type { Config } from './config/env.ts';
import type { AppEnv } from './http/app-env.ts';
import { WEBHOOK_SECURITY_SCHEME } from './checkout/webhook-routes.ts';
import { ROOM_WEBHOOK_SECURITY_SCHEME } from './lessons/room-routes.ts';

/*
 * The document's frame at /api/openapi.json: where the API lives, how a caller
 * authenticates, and the tags. The operations and their schemas come from the routes, whose
 * bodies are the API contract's (@tuition/api-contract).
 */

/** The security schemes the routes name (auth/middleware.ts, checkout/webhook-routes.ts). */
export function declareSecuritySchemes(app: OpenAPIHono<AppEnv>): void {
  const sessionCookie = (name: string, where: string) => ({
    type: 'apiKey' as const,
    in: 'cookie' as const,
    name,
    description:
      `The better-auth session cookie ${where}, set by POST /api/auth/sign-in/email. ` +
      'Either name is the same session; a browser sends whichever the service set.',
  });
  app.openAPIRegistry.registerComponent(
    'securitySchemes',
    SESSION_SCHEMES.development,
    sessionCookie(SESSION_COOKIE_NAMES.development, 'outside production (plain HTTP allowed)'),
  );
  app.openAPIRegistry.registerComponent(
    'securitySchemes',
    SESSION_SCHEMES.production,
    sessionCookie(
      SESSION_COOKIE_NAMES.production,
      'in production (HTTPS only, the browser-enforced __Secure- prefix)',
    ),
  );
  app.openAPIRegistry.registerComponent('securitySchemes', WEBHOOK_SECURITY_SCHEME, {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description: "Stripe's signature of the raw body with the webhook's signing secret",
  });
  app.openAPIRegistry.registerComponent('securitySchemes', ROOM_WEBHOOK_SECURITY_SCHEME, {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: "LiveKit's JWT signed with the API secret, carrying the raw body's sha256",
  });
}

export function openApiDocument(config: Pick<Config, 'publicUrl'>) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tuition booking service',
      version: '0.1.0',
      description:
        'Booking, account and contact API. Errors are RFC 9457 problem+json bodies; a ' +
        `conflict's \`code\` is one of: ${PROBLEM_CODES.join(', ')}. Sign-up, sign-in and the ` +
        "other account flows are better-auth's own endpoints under /api/auth/*.",
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: config.publicUrl, description: 'This deployment' }],
    tags: [
      { name: 'health', description: 'Liveness of the service and its database' },
      { name: 'auth', description: 'Password-reset links (sign-in itself is /api/auth/*)' },
      { name: 'account', description: "The signed-in user's details" },
      { name: 'booking', description: 'Sessions with seats left, and the pre-flight check' },
      { name: 'checkout', description: 'Seat holds, the payment page, and payments made' },
      { name: 'wallet', description: 'Session packs and the credit they give a family' },
      { name: 'bookings', description: "The signed-in customer's bookings" },
      { name: 'contact', description: 'The contact form' },
      { name: 'admin', description: 'The admin dashboard (admin role only)' },
      { name: 'payments', description: "The payment provider's webhook" },
    ],
  };
}
