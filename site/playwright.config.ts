import { defineConfig, devices } from '@playwright/test';
import { playwrightTimings } from '../scripts/test-timings.mjs';
import { portFromEnvOrFree } from './e2e-port.ts';
import { chromiumLaunch } from './playwright-browser.ts';

// A free port unless STATIC_PORT names one, clear of `astro dev`, the service and other runs.
// STATIC_SITE_DIST lets a second run on the same machine serve another build.
const PORT = portFromEnvOrFree('STATIC_PORT');
const SITE_DIST = process.env.STATIC_SITE_DIST ?? '.e2e-dist';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  // In CI one more try: a journey that passes then is reported as flaky (in the summary too), not hidden.
  retries: process.env.CI ? 1 : 0,
  // Beside the service's suites in the test command (decision 127), a slow page is load, not a failure.
  timeout: 60_000,
  reporter: playwrightTimings('site-e2e', [[process.env.CI ? 'line' : 'list']]),
  // Several people may run the site's journeys at once on one machine; each run can keep its
  // artefacts apart (Playwright empties this folder when it starts).
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? 'test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Tracing every test costs more than the tests on a busy machine; a screenshot suffices.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // Serves the copy the package's test script builds into .e2e-dist/ (see .gitignore).
    // --ignore-lock: Astro allows one tracked preview per project; runs must not replace
    // each other's server.
    command: `astro preview --ignore-lock --outDir ${SITE_DIST} --port ${PORT} --host localhost`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: { ASTRO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
  },
});
