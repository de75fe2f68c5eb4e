import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNeon } from 'drizzle-orm/neon-serverless/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DbHandle } from './client.ts';

/** The committed drizzle-kit migrations (booking-service/drizzle). */
export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/**
 * Applies every committed migration not yet applied; safe to run at each start. Tests of one
 * migration pass a folder holding only the migrations before it, to build the old schema.
 */
export async function migrate(
  handle: DbHandle,
  migrationsFolder: string = MIGRATIONS_FOLDER,
): Promise<void> {
  const config = { migrationsFolder };
  // Each driver ships its own migrator; the database objects differ only in their query-result type.
  switch (handle.kind) {
    case 'pglite':
      await migratePglite(handle.db as Parameters<typeof migratePglite>[0], config);
      return;
    case 'pg':
      await migrateNodePg(handle.db as Parameters<typeof migrateNodePg>[0], config);
      return;
    case 'neon':
      await migrateNeon(handle.db as Parameters<typeof migrateNeon>[0], config);
      return;
  }
}
