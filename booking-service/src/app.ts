import type { ErrorHandler } from 'hono';
import { scheduledJobs } from './scheduled-jobs.ts';
import { runOnClockMove } from './scheduler/scheduler.ts';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps } from './app-deps.ts';
import { createAccountRoutes } from './account/account-routes.ts';
import { createAdminRoutes } from './admin/admin-routes.ts';
import { createMergeRoutes } from './minimums/merge-routes.ts';
import { createAuthRoutes } from './auth/auth-routes.ts';
import { createAvailabilityRoutes } from './availability/availability-routes.ts';
import { createBookingRoutes } from './bookings/booking-routes.ts';
import { createCheckoutRoutes } from './checkout/checkout-routes.ts';
import { createProviderRoutes } from './checkout/provider-routes.ts';
import { createContactRoutes } from './contact/contact-routes.ts';
import { createHealthRoutes } from './health/health-routes.ts';
import { createLessonRoutes } from './lessons/lesson-routes.ts';
import { createMinimumRoutes } from './minimums/minimum-routes.ts';
import { createRoomRoutes, receiveRoomWebhook } from './lessons/room-routes.ts';
import { createDevRoomRoutes } from './rooms/dev-room-routes.ts';
import { createTutorRoutes } from './tutors/tutor-routes.ts';
import { createTermRoutes } from './terms/term-routes.ts';
import { createOneToOneCheckoutRoutes } from './one-to-one/one-to-one-checkout-routes.ts';
import { createPromotionRoutes } from './promotions/promotion-routes.ts';
import { createCalendarFeedRoutes } from './calendar-feed/calendar-feed-routes.ts';
import { createOneToOneRoutes } from './one-to-one/one-to-one-routes.ts';
import { createDevClockRoutes } from './dev-clock/dev-clock-routes.ts';
import { createDevMailRoutes } from './mail/dev-mail-routes.ts';
import { createDevSmsRoutes } from './sms/dev-sms-routes.ts';
import { createSmsWebhookRoutes } from './sms/sms-webhook-routes.ts';
import { createTextingRoutes } from './account/texting-routes.ts';
import { createReceiptRoutes } from './payments/receipts.ts';
import { createPupilRoutes } from './pupils/pupils-routes.ts';
import { createDataRoutes } from './your-data/data-routes.ts';
import { createWaitlistRoutes } from './waitlist/waitlist-routes.ts';
import { createWalletRoutes } from './wallet/wallet-routes.ts';
import { databaseUnreachableCause, transientConflictCause } from './db/connection-errors.ts';
import { loggablePath } from './logging/logger.ts';
import {
  HttpProblem,
  problem,
  ServiceUnavailableError,
  TooManyRequestsError,
} from './http/problem.ts';
import { jsonBodyHygiene, urlHygiene } from './http/input-hygiene.ts';
import { noStore } from './http/no-store.ts';
import type { AppEnv } from './http/app-env.ts';
import { createRouter } from './http/router.ts';
import { declareSecuritySchemes, openApiDocument } from './openapi-document.ts';
import { securityHeaderOptionsFromConfig, securityHeaders } from './http/security-headers.ts';

/** The 503 detail while the database cannot be reached (pool timeout, refused, shut down). */
export const DATABASE_UNREACHABLE =
  'The database is not reachable right now. Please try again shortly.';

/** 503 detail when the database aborted the request's transaction (deadlock, serialization). */
export const DATABASE_BUSY = 'The service is busy right now. Please try again shortly.';

/** Largest accepted request body under /api (JSON forms and webhooks are far smaller). */
export const MAX_BODY_BYTES = 100 * 1024;

type App = ReturnType<typeof createRouter>;

export function createApp(deps: AppDeps) {
  // The root shares the sub-apps' validation hook, so routes declared on it answer 400 problems too.
  const app = createRouter();
  useRequestMiddleware(app, deps);
  mountFeatureRoutes(app, deps);

  declareSecuritySchemes(app);
  app.doc31('/api/openapi.json', openApiDocument(deps.config));

  app.notFound((c) => {
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
      return problem(c, 404, 'Not Found', `No API route matches ${c.req.method} ${c.req.path}.`);
    }
    return c.text('Not Found', 404);
  });
  app.onError(answerWithProblem(deps));

  return app;
}

/** What every request passes through before any route: id, log line, headers, size and hygiene. */
function useRequestMiddleware(app: App, deps: AppDeps) {
  app.use('*', requestId());
  app.use('*', async (c, next) => {
    const log = deps.logger.child({ requestId: c.get('requestId') });
    c.set('log', log);
    const started = performance.now();
    await next();
    // Path only: query strings can carry tokens (verify-email, reset-password links); so can
    // the reset routes' paths, which loggablePath masks.
    log.info(
      {
        method: c.req.method,
        path: loggablePath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use('*', securityHeaders(securityHeaderOptionsFromConfig(deps.config)));
  // JSON, problem bodies and any page not precompressed at build time go out gzip-encoded to
  // clients that accept it (the site's own files come precompressed: static-site.ts).
  app.use('*', compress({ encoding: 'gzip' }));
  app.use('/api/*', noStore());
  app.use('/dev/checkout/*', noStore());
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        problem(
          c,
          413,
          'Payload Too Large',
          `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`,
        ),
    }),
  );
  // NUL, control characters, malformed encoding or JSON: 400 before any route or better-auth.
  app.use('*', urlHygiene());
  app.use('/api/*', jsonBodyHygiene());
}

/** Every feature's sub-app, in the order their routes are matched. */
function mountFeatureRoutes(app: App, deps: AppDeps) {
  app.route('/', createHealthRoutes(deps));
  // better-auth's update-user would set a name past the account form's rules (and answers
  // 500 for a null name); names change through PATCH /api/me only, so it does not exist here.
  app.use('/api/auth/update-user', async (c) =>
    problem(c, 404, 'Not Found', 'Change your name on the account page (PATCH /api/me).'),
  );
  app.route('/', createAuthRoutes(deps));
  app.route('/', createAccountRoutes(deps));
  app.route('/', createPupilRoutes(deps));
  app.route('/', createDataRoutes(deps));
  app.route('/', createAvailabilityRoutes(deps));
  app.route('/', createContactRoutes(deps));
  app.route('/', createAdminRoutes(deps));
  app.route('/', createMergeRoutes(deps));
  app.route('/', createMinimumRoutes(deps));
  // The provider's webhook and (local provider only) its stand-in payment pages.
  app.route('/', createProviderRoutes(deps));
  // The customer's receipts of what was paid (GET /api/me/receipts…, decision 053).
  app.route('/', createReceiptRoutes(deps));
  app.route('/', createWalletRoutes(deps));
  app.route('/', createCheckoutRoutes(deps));
  app.route('/', createBookingRoutes(deps));
  app.route('/', createWaitlistRoutes(deps));
  app.route('/', createLessonRoutes(deps));
  app.route('/', createRoomRoutes(deps));
  app.route('/', createTutorRoutes(deps));
  app.route('/', createTermRoutes(deps));
  app.route('/', createPromotionRoutes(deps));
  app.route('/', createCalendarFeedRoutes(deps));
  // Texts: verification, choices and the provider's signed webhooks (docs/decisions/103).
  app.route('/', createTextingRoutes(deps));
  app.route('/', createSmsWebhookRoutes(deps));
  if (deps.smsTwin) {
    const twin = deps.smsTwin;
    app.route('/', createDevSmsRoutes({ twin }));
    // The twin's replies and receipts go through the same signed webhooks as Twilio's.
    twin.deliverWebhooksTo(async (webhook) => {
      const response = await app.request(webhook.path, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': webhook.signature,
        },
        body: new URLSearchParams(webhook.params).toString(),
      });
      if (!response.ok) throw new Error(`text webhook answered ${response.status}`);
    });
  }
  // 1-to-1 hours: tutors' windows and calendars, free slots (docs/decisions/104).
  app.route('/', createOneToOneRoutes(deps));
  // Booking a tutor's hour through the seat ledger (docs/decisions/106).
  app.route('/', createOneToOneCheckoutRoutes(deps));
  // The local room twin's rooms and recording links (never in production: config refuses it).
  if (deps.roomTwin && deps.recordingFiles) {
    app.route('/', createDevRoomRoutes({ twin: deps.roomTwin, files: deps.recordingFiles }));
    // The twin's webhooks reach the same verification and handling as LiveKit's.
    deps.roomTwin.deliverWebhooksTo((body, authorization) =>
      receiveRoomWebhook(deps, body, authorization),
    );
  }
  // The local mailbox exists only while the local mailer is in use (never in production).
  if (deps.mail.mailer.kind === 'local') app.route('/', createDevMailRoutes(deps));
  // Moving time by hand (docs/decisions/056): local mode only, like the mailbox; 404 otherwise.
  if (deps.mail.mailer.kind === 'local' && deps.config.nodeEnv !== 'production') {
    // The jobs a move makes due run at once, in order (docs/decisions/095).
    const jobs = scheduledJobs(deps);
    const afterMove = () => runOnClockMove(jobs);
    app.route('/', createDevClockRoutes({ clock: deps.clock, config: deps.config, afterMove }));
  }
}

/**
 * The one error handler: typed errors become their problem+json, a database outage or conflict a
 * 503 the client may retry, anything else a 500 whose detail is logged, never sent.
 */
function answerWithProblem(deps: AppDeps): ErrorHandler<AppEnv> {
  return (thrown, c) => {
    let error = thrown;
    const unreachable = databaseUnreachableCause(thrown);
    if (unreachable) {
      // An outage, not a bug: the client may retry. Only the driver's code and message are
      // logged, never the failed SQL and its parameters.
      (c.get('log') ?? deps.logger).warn(
        { db: unreachable, method: c.req.method, path: loggablePath(c.req.path) },
        'database unreachable',
      );
      error = new ServiceUnavailableError(DATABASE_UNREACHABLE);
    }
    const conflict = unreachable ? undefined : transientConflictCause(thrown);
    if (conflict) {
      // A deadlock, serialization failure or lock timeout rolled the request back whole:
      // retrying is safe.
      (c.get('log') ?? deps.logger).warn(
        { db: conflict, method: c.req.method, path: loggablePath(c.req.path) },
        'database transaction aborted by a conflict',
      );
      error = new ServiceUnavailableError(DATABASE_BUSY);
    }
    if (error instanceof HttpProblem) {
      if (error instanceof ServiceUnavailableError || error instanceof TooManyRequestsError) {
        c.header('Retry-After', String(error.retryAfterSeconds));
      }
      return problem(c, error.status, error.title, error.detail, error.extra);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return problem(
        c,
        error.status as ContentfulStatusCode,
        error.message || 'Request error',
        error.message || 'The request could not be processed.',
      );
    }
    // Unexpected: the error's kind, code and stack go to the log only (never the client), through
    // the logger's err serializer, which keeps SQL text and values out (logging/logger.ts).
    const log = c.get('log') ?? deps.logger;
    log.error(
      { err: error, method: c.req.method, path: loggablePath(c.req.path) },
      'unhandled error',
    );
    return problem(
      c,
      500,
      'Internal Server Error',
      `Something went wrong on our side. Quote request id ${c.get('requestId')} if you contact us.`,
    );
  };
}
