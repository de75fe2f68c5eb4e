import { migratedPgliteFolder } from '../scripts/migrated-pglite.mjs';

/** Makes the migrated PGlite folder before any worker starts, so the workers only copy it. */
export default async function globalSetup(): Promise<void> {
  await migratedPgliteFolder();
}
