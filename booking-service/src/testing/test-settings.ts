/*
 * The test harness's only reader of process.env (the service itself reads env only in
 * src/config/env.ts). TEST_DB_KINDS picks exactly the database kinds every suite runs on;
 * unset, an ordinary suite runs on PostgreSQL, the core checkout and wallet suites on PGlite
 * too, the races for money and seats on PostgreSQL and Neon's driver, and the driver suites on
 * every kind (docs/decisions/116, 121, 128);
 * TEST_DATABASE_URL points the postgres, neon and pgbouncer kinds at an existing server instead
 * of the embedded one the global setup starts.
 */

export const ALL_TEST_DB_KINDS = ['pglite', 'postgres', 'neon', 'pgbouncer'] as const;
export type TestDbKind = (typeof ALL_TEST_DB_KINDS)[number];

/**
 * An ordinary suite's kind when TEST_DB_KINDS is unset: PostgreSQL, what production runs, and
 * the quickest to give each file a fresh database (docs/decisions/116).
 */
export const DEFAULT_SUITE_DB_KINDS: readonly TestDbKind[] = ['postgres'];

/**
 * The driver suites' kinds when TEST_DB_KINDS is unset (and the stored figures', where drivers
 * parse numbers differently): every driver the service runs on, the embedded default,
 * PostgreSQL and Neon's (docs/decisions/116, 121).
 */
export const DEFAULT_TEST_DB_KINDS: readonly TestDbKind[] = ['pglite', 'postgres', 'neon'];

/**
 * The core checkout and wallet suites' kinds when TEST_DB_KINDS is unset: the embedded default
 * every browser journey runs on, and PostgreSQL (docs/decisions/128).
 */
export const DEFAULT_CORE_SUITE_DB_KINDS: readonly TestDbKind[] = ['pglite', 'postgres'];

/**
 * The kinds of the races for money and seats when TEST_DB_KINDS is unset: the drivers
 * production runs on, PostgreSQL and Neon's. The other money suites (routes and rules, one
 * request at a time) run on PostgreSQL alone: Neon's driver sends the same statements, and its
 * transactions are proved by these races (docs/decisions/121, 128).
 */
export const DEFAULT_MONEY_SUITE_DB_KINDS: readonly TestDbKind[] = ['postgres', 'neon'];

/**
 * The kinds of the money and seat suites that also run through PgBouncer in transaction mode
 * (decision 091) when TEST_DB_KINDS is unset. Only those: the pooler adds their time again.
 */
export const DEFAULT_POOLER_SUITE_DB_KINDS: readonly TestDbKind[] = [
  ...DEFAULT_MONEY_SUITE_DB_KINDS,
  'pgbouncer',
];

/** The kinds TEST_DB_KINDS lists, or undefined when it is unset. */
export function parseTestDbKinds(raw: string | undefined): TestDbKind[] | undefined {
  if (!raw?.trim()) return undefined;
  const kinds = raw
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  for (const kind of kinds) {
    if (!(ALL_TEST_DB_KINDS as readonly string[]).includes(kind)) {
      throw new Error(
        `TEST_DB_KINDS: unknown kind "${kind}" (expected a comma-separated subset of ${ALL_TEST_DB_KINDS.join(',')})`,
      );
    }
  }
  return kinds as TestDbKind[];
}

const chosenDbKinds = parseTestDbKinds(process.env.TEST_DB_KINDS);

export const testSettings = {
  /** An ordinary suite's kinds (the pgbouncer kind is left to the suites that opt in). */
  dbKinds: chosenDbKinds ?? [...DEFAULT_SUITE_DB_KINDS],
  /** The driver suites' kinds, and the stored figures'. */
  everyDbKind: chosenDbKinds ?? [...DEFAULT_TEST_DB_KINDS],
  /** The core checkout and wallet suites' kinds. */
  coreDbKinds: chosenDbKinds ?? [...DEFAULT_CORE_SUITE_DB_KINDS],
  /** The kinds of the races for money and seats. */
  moneyDbKinds: chosenDbKinds ?? [...DEFAULT_MONEY_SUITE_DB_KINDS],
  /** The kinds of the suites that also run through PgBouncer. */
  poolerSuiteDbKinds: chosenDbKinds ?? [...DEFAULT_POOLER_SUITE_DB_KINDS],
  databaseUrl: process.env.TEST_DATABASE_URL || undefined,
};
