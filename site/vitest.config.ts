import { defineConfig } from 'vitest/config';
import { vitestTimings } from '../scripts/test-timings.mjs';

// Component tests for the React islands and the report scripts' rules; the Playwright journeys
// in e2e/ are not vitest's.
export default defineConfig({
  test: {
    environment: 'jsdom',
    // Worker threads, not forked processes: the same isolation per file at about a third less CPU
    // on the 2-core machine (decision 120). vitest's vmThreads pool took half the time but let a
    // dialog's focus-return test fail once in four runs under load (decision 121).
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    // jsdom's gaps (matchMedia, ResizeObserver, ...) filled once for every test file.
    setupFiles: ['./vitest.setup.ts'],
    ...vitestTimings('site'),
  },
});
