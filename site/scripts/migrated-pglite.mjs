// A PGlite folder with every migration of the booking service applied, made once per set of
// migrations and copied for each service a browser run starts (the stack journeys' workers, the
// Lighthouse report): a fresh folder's initdb and 30 migrations cost each start about 5 s of CPU
// on a quiet machine, and twice that beside a second start (decision 126).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serviceDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../booking-service',
);

/** What the folder depends on: the migrations and the PGlite that wrote it. */
function fingerprint() {
  const hash = createHash('sha256');
  const folder = path.join(serviceDir, 'drizzle');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(folder);
  const pglite = path.join(serviceDir, 'node_modules/@electric-sql/pglite/package.json');
  hash.update(existsSync(pglite) ? JSON.parse(readFileSync(pglite, 'utf8')).version : 'unknown');
  return hash.digest('hex').slice(0, 16);
}

function migrateInto(dataDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/migrate-cli.ts'], {
      cwd: serviceDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PGLITE_DATA_DIR: dataDir,
        DATABASE_URL: '',
        DATABASE_URL_DIRECT: '',
        DATABASE_DRIVER: 'pglite',
        NODE_ENV: 'development',
      },
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`migrating a PGlite folder exited ${code}`)),
    );
  });
}

/**
 * The migrated folder for the current migrations, made now when there is none. Two callers at
 * once each make one and the first to finish keeps its own; the other's is removed.
 * @returns {Promise<string>}
 */
export async function migratedPgliteFolder() {
  const folder = path.join(os.tmpdir(), `tuition-migrated-pglite-${fingerprint()}`);
  if (existsSync(folder)) return folder;
  const making = mkdtempSync(`${folder}-making-`);
  try {
    await migrateInto(making);
    renameSync(making, folder);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    if (!existsSync(folder)) throw error;
  }
  return folder;
}

/**
 * Fills `dataDir` (empty) with a copy of the migrated folder.
 * @param {string} dataDir
 */
export async function seedPgliteFolder(dataDir) {
  cpSync(await migratedPgliteFolder(), dataDir, { recursive: true });
}
