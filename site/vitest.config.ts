import { defineConfig } from 'vitest/config';
import { vitestTimings } from '../scripts/test-timings.mjs';

// Component tests for the React islands and the report scripts' rules; the Playwright journeys
// in e2e/ are not vitest's.
export default defineConfig({
  test: {
    environment: 'jsdom',
    // Each file still gets its own modules and jsdom, in a fresh VM context of a reused worker
    // thread rather than a worker of its own: the set-up that took half the time is paid once per
    // worker (142 s to 72 s on the 2-core machine, decision 121).
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    // jsdom's gaps (matchMedia, ResizeObserver, ...) filled once for every test file.
    setupFiles: ['./vitest.setup.ts'],
    ...vitestTimings('site'),
  },
});
