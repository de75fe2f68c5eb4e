import { defineConfig } from 'vitest/config';
import { vitestTimings } from '../scripts/test-timings.mjs';

// Component tests for the React islands and the report scripts' rules; the Playwright journeys
// in e2e/ are not vitest's.
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    // jsdom's gaps (matchMedia, ResizeObserver, ...) filled once for every test file.
    setupFiles: ['./vitest.setup.ts'],
    ...vitestTimings('site'),
  },
});
