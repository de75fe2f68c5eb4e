/**
 * The release step: applies the committed migrations once, before a release's instances start
 * (production instances never migrate, they only check; decision 089):
 *   npx -y pnpm@10 --filter booking-service migrate
 * Connects to DATABASE_URL_DIRECT, else DATABASE_URL (locally, the PGlite folder: stop the
 * service first, PGlite is one process's). Several at once are safe: they queue on one lock.
 */
import { loadConfigAtStart } from '../config/env.ts';
import { createDb } from './client.ts';
import { migrate } from './migrate.ts';

async function main(): Promise<number> {
  // The same optional .env the service reads, so both reach one database.
  const config = loadConfigAtStart('Migrations not run.');
  if (!config) return 1;
  const handle = await createDb({
    databaseUrl: config.database.directUrl,
    driver: config.database.driver,
    dataDir: config.database.pgliteDataDir,
  });
  try {
    const applied = await migrate(handle);
    console.log(
      applied.length === 0
        ? `The ${handle.kind} database schema is current: no migrations to apply.`
        : `Applied ${applied.length} migration(s) to the ${handle.kind} database: ${applied.join(', ')}.`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
