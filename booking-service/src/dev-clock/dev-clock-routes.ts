import { DevClockRequestSchema } from '@tuition/api-contract';
import { rejectCrossSiteRequests } from '../auth/middleware.ts';
import { type Clock, isSettableClock } from '../clock.ts';
import { NotFoundError, ValidationError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';

/**
 * Local mode only (mounted beside the local mailbox, never in production): GET /dev/clock
 * reads the service's "now", POST /dev/clock {now} moves it, so join windows and reminders can
 * be tried by hand and in end-to-end journeys. Time runs on from the instant set. After a move,
 * `afterMove` runs the reminder pass at once instead of within the next minute.
 */
export function createDevClockRoutes(deps: {
  clock: Clock;
  config: { trustedOrigins: string[] };
  afterMove?: () => Promise<void>;
}) {
  const router = createRouter();
  router.use('/dev/clock', rejectCrossSiteRequests(deps.config.trustedOrigins));
  router.get('/dev/clock', (c) => c.json({ now: deps.clock.now().toISOString() }));
  router.post('/dev/clock', async (c) => {
    // TEST_CLOCK-less production-like runs build a clock nobody may move.
    if (!isSettableClock(deps.clock)) throw new NotFoundError('This clock cannot be moved.');
    const parsed = DevClockRequestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    deps.clock.set(new Date(parsed.data.now));
    await deps.afterMove?.();
    return c.json({ now: deps.clock.now().toISOString() });
  });
  return router;
}
