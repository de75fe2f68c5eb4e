import { inject } from 'vitest';
import { type TestDbKind, testSettings } from './test-settings.ts';

export type { TestDbKind };

/**
 * The database kinds an ordinary suite runs on: `describe.each(TEST_DB_KINDS)('%s', ...)`;
 * PostgreSQL alone unless TEST_DB_KINDS says (docs/decisions/116).
 */
export const TEST_DB_KINDS: readonly TestDbKind[] = testSettings.dbKinds.filter(
  (kind) => kind !== 'pgbouncer',
);

/**
 * The kinds of the suites that prove the drivers themselves and the stored figures (where
 * drivers parse numbers differently): every driver the service runs on (PGlite, PostgreSQL,
 * Neon's), or exactly TEST_DB_KINDS when it is set.
 */
export const EVERY_TEST_DB_KIND: readonly TestDbKind[] = testSettings.everyDbKind.filter(
  (kind) => kind !== 'pgbouncer',
);

/**
 * The kinds of the core checkout and wallet suites: the embedded default (PGlite) and
 * PostgreSQL, or exactly TEST_DB_KINDS when it is set (docs/decisions/128).
 */
export const CORE_TEST_DB_KINDS: readonly TestDbKind[] = testSettings.coreDbKinds.filter(
  (kind) => kind !== 'pgbouncer',
);

/**
 * The kinds of the races for money and seats: the drivers production runs on (PostgreSQL,
 * Neon's), or exactly TEST_DB_KINDS when it is set (docs/decisions/121, 128).
 */
export const MONEY_TEST_DB_KINDS: readonly TestDbKind[] = testSettings.moneyDbKinds.filter(
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
