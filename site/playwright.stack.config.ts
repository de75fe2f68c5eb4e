import { existsSync, mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { playwrightTimings } from '../scripts/test-timings.mjs';
import { portFromEnvOrFree } from './e2e-port.ts';
import { localStackEnv } from './scripts/local-stack-env.mjs';

// Journeys against the one-command stack: the booking service serving the already built site
// and the API on one origin, with a fresh embedded database, local mailbox and local checkout
// page. The package's test script builds the site first.

const siteDir = path.dirname(fileURLToPath(import.meta.url));
const serviceDir = path.resolve(siteDir, '../booking-service');

// The test script builds into .e2e-dist/ so a concurrent `astro build` of dist/ cannot swap
// pages (and their CSP hashes) under a running test; whichever of the two was built last is
// served (a plain dist/ when run on its own), unless STACK_SITE_DIST names one.
function latestBuild(): string {
  const builds = ['.e2e-dist', 'dist']
    .map((dir) => path.join(siteDir, dir))
    .filter((dir) => existsSync(path.join(dir, 'index.html')))
    .sort((a, b) => builtAt(b) - builtAt(a));
  return builds[0] ?? path.join(siteDir, 'dist');
}
const builtAt = (dir: string) => statSync(path.join(dir, 'index.html')).mtimeMs;
const siteDist = process.env.STACK_SITE_DIST ?? latestBuild();

// A free port unless STACK_PORT names one, so a running `pnpm start` or a second run never clashes.
const PORT = portFromEnvOrFree('STACK_PORT');
const origin = `http://localhost:${PORT}`;

/** A Wednesday in the autumn term, with December's Christmas closure inside the 56-day window. */
const DEFAULT_STACK_CLOCK = '2026-11-11T10:00:00Z';

// A new database every run: no account or booking of an earlier run is ever seen.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stack-e2e-pglite-'));

// The run's calendar (decision 092): the service starts at STACK_CLOCK and runs on, whatever
// today's date is; a mid-November Wednesday unless the date check picks a harder day. Set here
// for the workers too (they inherit this process's environment); e2e-stack/support.ts reads it.
const clockChosen = process.env.STACK_CLOCK;
process.env.STACK_CLOCK ||= DEFAULT_STACK_CLOCK;
process.env.STACK_CLOCK_STARTED ||= String(Date.now());

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './e2e-stack',
  testMatch: '**/*.spec.ts',
  // One database and the per-address auth limits are shared: one journey at a time.
  workers: 1,
  fullyParallel: false,
  // In CI one more try: a journey that passes then is reported as flaky (in the summary too), not hidden.
  retries: process.env.CI ? 1 : 0,
  // The machine is shared by several builds; journeys wait on a real server and database.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: playwrightTimings(clockChosen ? `site-stack-at-${clockChosen}` : 'site-stack', [
    [process.env.CI ? 'line' : 'list'],
  ]),
  // Apart from the static suite's test-results/, which its runs clear while this one writes.
  outputDir: path.join(os.tmpdir(), 'site-stack-test-results'),
  use: {
    baseURL: origin,
    trace: 'retain-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx src/server.ts',
    cwd: serviceDir,
    url: `${origin}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...localStackEnv({ port: PORT, dataDir, siteDist }),
      TEST_CLOCK: process.env.STACK_CLOCK,
      TEST_CLOCK_RUNS: 'true',
      // The journeys play many customers from one machine: each test's browser and API
      // contexts name their own client address in X-Forwarded-For (support.ts freshIp), which
      // the service honours only from a trusted proxy. Here the "proxy" is this machine, so
      // the per-address limits stay on and key on those addresses, as behind a real proxy.
      TRUSTED_PROXIES: '127.0.0.1, ::1',
    },
  },
});
