import { defineConfig } from 'vitest/config';
import { vitestTimings } from '../scripts/test-timings.mjs';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'cluster/**/*.test.ts'],
    // Starts one PostgreSQL for the run (skipped when TEST_DB_KINDS is only pglite).
    globalSetup: ['./src/testing/postgres-global-setup.ts'],
    // The machine has 2 cores shared with other work; PGlite and Postgres are CPU-heavy.
    fileParallelism: true,
    maxWorkers: 2,
    // A worker keeps its modules between files: the app's imports, PGlite's WebAssembly and the
    // migrated template are loaded once per worker, not once per file (about half the suite's
    // time). Every file builds its own app and database, so no file sees another's state.
    isolate: false,
    // Generous: the first PGlite of a worker compiles its WebAssembly, and the shared machine
    // is often busy; a slow start must not read as a failure.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    ...vitestTimings('booking-service'),
  },
});
