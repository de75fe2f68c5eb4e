import { defineConfig } from 'vitest/config';

// Component tests for the React islands; the Playwright journeys in e2e/ are not vitest's.
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [],
  },
});
