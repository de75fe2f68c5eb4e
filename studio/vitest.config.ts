import { defineConfig } from 'vitest/config';

// CI machines have two cores shared by every suite: give I/O-heavy tests (local HTTP servers,
// schema compilation) room instead of failing on the 5 s default under load.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // No file replaces a module or a global: the files share their worker's imports (the Studio's
    // packages are heavy), 26 s instead of 45 s for the suite (decision 121).
    isolate: false,
  },
});
