import { inject } from 'vitest';
import { type TestDbKind, testSettings } from './test-settings.ts';

export type { TestDbKind };

/** The database kinds each suite runs on: `describe.each(TEST_DB_KINDS)('%s', (kind) => ...)`. */
export const TEST_DB_KINDS: readonly TestDbKind[] = testSettings.dbKinds.filter(
  (kind) => kind !== 'pgbouncer',
);

/**
 * Why this run has no PgBouncer (none installed and none could be), if it has none; the global
 * setup also prints it.
 */
export const PGBOUNCER_UNAVAILABLE: string | undefined = inject('pgbouncer')?.unavailable;

/**
 * The kinds of the money and seat suites, which must also work through a transaction pooler:
 * TEST_DB_KINDS and `pgbouncer` (the pg driver through PgBouncer in transaction mode with
 * DATABASE_POOLED on, decision 091). Set TEST_DB_KINDS to choose exactly; `pgbouncer` is left
 * out when PgBouncer is unavailable.
 */
export const TEST_DB_KINDS_WITH_POOLER: readonly TestDbKind[] =
  testSettings.poolerSuiteDbKinds.filter(
    (kind) => kind !== 'pgbouncer' || PGBOUNCER_UNAVAILABLE === undefined,
  );
