import { DevClockRequestSchema } from '@tuition/api-contract';
import { rejectCrossSiteRequests } from '../auth/middleware.ts';
import { type Clock, isSettableClock } from '../clock.ts';
import { NotFoundError, ValidationError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';

/*
 * The instants the clock may be moved to: from 2000 (included) to 2100 (excluded). A year-1 or
 * year-9999 "now" only breaks dates, windows and reminders in ways no real day would (decision
 * 056, "Moving time locally").
 */
const EARLIEST_DEV_NOW = new Date('2000-01-01T00:00:00.000Z');
const LATEST_DEV_NOW = new Date('2100-01-01T00:00:00.000Z');
const DEV_NOW_RANGE_TEXT = `now must be from ${EARLIEST_DEV_NOW.toISOString()} up to (not including) ${LATEST_DEV_NOW.toISOString()}.`;

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
  // Nothing but this check guards a move (no session), so a move without the site's Origin
  // (curl, another local program) is refused like another site's (decision 088).
  router.use(
    '/dev/clock',
    rejectCrossSiteRequests(deps.config.trustedOrigins, { originRequired: true }),
  );
  router.get('/dev/clock', (c) => c.json({ now: deps.clock.now().toISOString() }));
  router.post('/dev/clock', async (c) => {
    // TEST_CLOCK-less production-like runs build a clock nobody may move.
    if (!isSettableClock(deps.clock)) throw new NotFoundError('This clock cannot be moved.');
    const parsed = DevClockRequestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const now = new Date(parsed.data.now);
    if (!(now >= EARLIEST_DEV_NOW && now < LATEST_DEV_NOW)) {
      throw new ValidationError([{ field: 'now', message: DEV_NOW_RANGE_TEXT }]);
    }
    deps.clock.set(now);
    await deps.afterMove?.();
    return c.json({ now: deps.clock.now().toISOString() });
  });
  return router;
}
