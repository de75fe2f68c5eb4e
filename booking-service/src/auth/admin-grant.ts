/**
 * Makes an existing account an admin:
 *   pnpm --filter booking-service admin:grant someone@example.com [more@example.com …]
 * Uses the same DATABASE_URL (or local PGlite folder) as the service.
 */
import { loadConfig } from '../config/env.ts';
import { createDb } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { grantAdminRole } from './admin-roles.ts';

async function main(argv: string[]): Promise<number> {
  const emails = argv.filter((arg) => !arg.startsWith('-'));
  if (emails.length === 0) {
    console.error('Usage: pnpm --filter booking-service admin:grant <email> [<email> …]');
    return 2;
  }
  const config = loadConfig();
  const handle = await createDb({
    ...(config.database.url ? { databaseUrl: config.database.url } : {}),
    ...(config.database.driver ? { driver: config.database.driver } : {}),
    dataDir: config.database.pgliteDataDir,
  });
  try {
    await migrate(handle);
    const { granted, unverified, missing } = await grantAdminRole(handle.db, emails);
    for (const email of granted) console.log(`${email} is now an admin.`);
    for (const email of unverified) {
      console.error(
        `${email} has not verified its e-mail address yet: run this again once it has (or list it in ADMIN_EMAILS).`,
      );
    }
    for (const email of missing) {
      console.error(`${email} has no account yet: sign up first (or list it in ADMIN_EMAILS).`);
    }
    return unverified.length + missing.length > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
