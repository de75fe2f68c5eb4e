/*
 * The test harness's only reader of process.env (the service itself reads env only in
 * src/config/env.ts). TEST_DB_KINDS picks the database kinds every suite runs on;
 * TEST_DATABASE_URL points the postgres and neon kinds at an existing server instead of the
 * embedded one the global setup starts.
 */

export const ALL_TEST_DB_KINDS = ['pglite', 'postgres', 'neon'] as const;
export type TestDbKind = (typeof ALL_TEST_DB_KINDS)[number];

export function parseTestDbKinds(raw: string | undefined): TestDbKind[] {
  if (!raw?.trim()) return [...ALL_TEST_DB_KINDS];
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

export const testSettings = {
  dbKinds: parseTestDbKinds(process.env.TEST_DB_KINDS),
  databaseUrl: process.env.TEST_DATABASE_URL || undefined,
};
