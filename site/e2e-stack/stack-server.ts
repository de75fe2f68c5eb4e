// One booking service per Playwright worker (docs/decisions/116): the built site and the API on
// one local origin, a fresh embedded database, local adapters only, and the service's clock
// starting at the worker's stack clock. Two workers then run journeys side by side without
// sharing a database, a clock or the per-address limits.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { localStackEnv } from '../scripts/local-stack-env.mjs';
import { seedPgliteFolder } from '../scripts/migrated-pglite.mjs';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serviceDir = path.resolve(siteDir, '../booking-service');

// The test script builds into .e2e-dist/ so a concurrent `astro build` of dist/ cannot swap
// pages (and their CSP hashes) under a running test; whichever of the two was built last is
// served (a plain dist/ when run on its own), unless STACK_SITE_DIST names one.
function latestBuild(): string {
  const builds = ['.e2e-dist', 'dist']
    .map((dir) => path.join(siteDir, dir))
    .filter((dir) => existsSync(path.join(dir, 'index.html')))
    .sort((a, b) => builtAt(b) - builtAt(a));
  return builds[0] ?? path.join(siteDir, 'dist');
}
const builtAt = (dir: string) => statSync(path.join(dir, 'index.html')).mtimeMs;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, 'localhost', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function answers(url: string, timeoutMs: number, service: ChildProcess): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (service.exitCode !== null) {
      throw new Error(`the booking service exited (${service.exitCode}) before answering`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** A Wednesday in the autumn term, with December's Christmas closure inside the 56-day window. */
export const DEFAULT_STACK_CLOCK = '2026-11-11T10:00:00Z';

export interface StackServer {
  origin: string;
  stop(): Promise<void>;
}

/** Starts a service whose clock begins at `clock` and runs on; resolves once it answers. */
export async function startStackServer(clock: string): Promise<StackServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stack-e2e-pglite-'));
  // A copy of the run's migrated folder (made once in globalSetup), not a fresh initdb.
  await seedPgliteFolder(dataDir);
  const siteDist = process.env.STACK_SITE_DIST ?? latestBuild();
  // This very Node binary, not `node` from PATH: the workspace's `node` is a shell wrapper that
  // would take the stop signal and leave the service running.
  const service = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serviceDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...localStackEnv({ port, dataDir, siteDist }),
      TEST_CLOCK: clock,
      TEST_CLOCK_RUNS: 'true',
      // The journeys' accounts are many and short-lived: hashed cheaply (decision 120).
      PASSWORD_HASHING: 'quick',
      // The journeys play many customers from one machine: each test's browser and API
      // contexts name their own client address in X-Forwarded-For (support.ts freshIp), which
      // the service honours only from a trusted proxy. Here the "proxy" is this machine, so
      // the per-address limits stay on and key on those addresses, as behind a real proxy.
      TRUSTED_PROXIES: '127.0.0.1, ::1',
    },
  });
  const stop = async () => {
    if (service.exitCode === null) {
      const exited = new Promise((resolve) => service.once('exit', resolve));
      // The service stops gracefully on SIGTERM (server.ts); a stuck one is killed after 15 s.
      service.kill('SIGTERM');
      const force = setTimeout(() => service.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await answers(`${origin}/api/health`, 240_000, service);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}
