import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { vitestTimings } from '../scripts/test-timings.mjs';

// Component tests for the React islands and the report scripts' rules; the Playwright journeys
// in e2e/ are not vitest's.
const include = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'];

// A file that replaces a module, a global (the API stub too), the environment or the clock, or
// that raises toasts (sonner keeps them in its module), keeps a fresh worker of its own; every
// other file shares its worker's modules and jsdom with the files before it, which saves
// setting jsdom and the islands' imports up again per file (decision 121). Testing Library
// unmounts what each test rendered, so no file sees another's DOM.
const REPLACES_SOMETHING =
  /\bvi\.(mock|doMock|hoisted|stubGlobal|stubEnv|spyOn|useFakeTimers)\b|stubApi|toast|Toaster/i;
const files = include.flatMap((pattern) => globSync(pattern, { cwd: import.meta.dirname }));
const isolated = files.filter((file) =>
  REPLACES_SOMETHING.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')),
);

const base: { environment: 'jsdom'; pool: 'threads'; setupFiles: string[] } = {
  environment: 'jsdom',
  // Worker threads, not forked processes: the same isolation per file at about a third less CPU
  // on the 2-core machine (decision 120).
  pool: 'threads',
  // jsdom's gaps (matchMedia, ResizeObserver, ...) filled once for every test file.
  setupFiles: ['./vitest.setup.ts'],
};

export default defineConfig({
  test: {
    ...vitestTimings('site'),
    projects: [
      { extends: false, test: { ...base, name: 'isolated', include: isolated } },
      {
        extends: false,
        test: {
          ...base,
          name: 'shared',
          include,
          exclude: [...configDefaults.exclude, ...isolated],
          isolate: false,
        },
      },
    ],
  },
});
