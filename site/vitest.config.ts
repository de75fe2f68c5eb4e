import { defineConfig } from 'vitest/config';
import { vitestTimings } from '../scripts/test-timings.mjs';

// Component tests for the React islands and the report scripts' rules; the Playwright journeys
// in e2e/ are not vitest's.
export default defineConfig({
  test: {
    environment: 'jsdom',
    // Each file in its own VM context inside shared worker threads: half the time of a thread
    // per file on the 2-core machine (decision 123; it once showed a real focus race in a
    // dialog, fixed in the dialog, not here).
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    // jsdom's gaps (matchMedia, ResizeObserver, ...) filled once for every test file.
    setupFiles: ['./vitest.setup.ts'],
    // The test command runs these beside the service's suites (decision 127): a test that takes
    // half a second alone may take several seconds then, which is load, not a failure.
    testTimeout: 20_000,
    ...vitestTimings('site'),
  },
});
