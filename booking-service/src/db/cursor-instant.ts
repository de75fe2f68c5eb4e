import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A timestamp column as the ISO text a keyset page cursor carries, to the microsecond the
 * database keeps (a JavaScript Date would drop the last three digits), so a cursor falls exactly
 * between two rows (docs/decisions/073, 075).
 */
export function cursorInstant(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
