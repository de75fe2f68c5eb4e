import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { playwrightTimings } from '../scripts/test-timings.mjs';
import { chromiumLaunch } from './playwright-browser.ts';

// Journeys against the one-command stack: each worker starts its own booking service serving
// the already built site and the API on one origin, with a fresh embedded database, local
// mailbox and local checkout page (e2e-stack/stack-server.ts, docs/decisions/116). The
// package's test script builds the site first.

// The run's calendar (decision 092): each service starts at its project's clock and runs on,
// whatever today's date is; a mid-November Wednesday unless STACK_CLOCK picks a harder day.
// Without STACK_CLOCK the run also puts two journeys on a month's last day, evening (the
// "month-end" project), where a calendar that assumed today's month would break: booking and
// moving a session (the picker /reschedule and the admin share), and the waiting list. The
// admin's dashboard months are proved at fixed clocks in the service's tests (decision 121).
const clockChosen = process.env.STACK_CLOCK;
const MONTH_END = '2027-02-28T20:00:00Z';

// The `stackStart` option is the worker fixture e2e-stack/support.ts declares.
export default defineConfig<object, { stackStart: string }>({
  testDir: './e2e-stack',
  // One migrated PGlite folder for the run, which every worker's service starts from a copy of.
  globalSetup: './e2e-stack/global-setup.ts',
  testMatch: '**/*.spec.ts',
  // Each worker has its own service and database (e2e-stack/support.ts `stack`): two at once on
  // the 2-core machine; a file's journeys stay in order in one worker.
  workers: Number(process.env.STACK_WORKERS ?? 2),
  fullyParallel: false,
  // In CI one more try: a journey that passes then is reported as flaky (in the summary too), not hidden.
  retries: process.env.CI ? 1 : 0,
  // Two journeys share the two cores, and each waits on a real server and database.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: playwrightTimings(clockChosen ? `site-stack-at-${clockChosen}` : 'site-stack', [
    [process.env.CI ? 'line' : 'list'],
  ]),
  // Apart from the static suite's test-results/, which its runs clear while this one writes.
  outputDir: path.join(os.tmpdir(), 'site-stack-test-results'),
  use: {
    // A trace costs about a tenth of a journey's time; CI's retry of a failed journey records one
    // (decision 120), and a local run keeps a failure's with PLAYWRIGHT_TRACE=retain-on-failure.
    trace:
      process.env.PLAYWRIGHT_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'on-first-retry',
    locale: 'en-GB',
    // Pages keep their behaviour and drop their transitions, as for a visitor who asks for less
    // motion: fewer frames for the browser to draw on the 2-core machine (decision 126).
    reducedMotion: 'reduce',
    timezoneId: 'Europe/London',
    launchOptions: chromiumLaunch,
  },
  // The month-end project comes first: its two journeys start the run side by side, and the
  // run ends on the main project's journeys, shared out between both workers as they free up,
  // instead of on two lone month-end workers each starting a stack of its own (decision 126).
  projects: [
    ...(clockChosen
      ? []
      : [
          {
            name: 'month-end',
            use: { ...devices['Desktop Chrome'], channel: undefined, stackStart: MONTH_END },
            testMatch: ['booking.spec.ts', 'waitlist.spec.ts'],
            grep: /book two sessions|from a full session/,
          },
        ]),
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
});
