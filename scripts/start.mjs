// One command for a fresh machine: build the site, then serve site and API on one origin from
// the booking service (embedded PGlite database, local mailbox, local checkout), with demo logins.
//
// The site is built for the address it will be served at (PORT or PUBLIC_URL), so canonical
// links name that port; the other loopback name of the same site (localhost <-> 127.0.0.1) is
// trusted too, so opening either works. The service's JSON log is shown as short lines (requests,
// warnings, errors: booking-service/src/logging/local-log-lines.ts), so its start-up banner
// stays the last thing printed.
//
// Quiet start and stop: no child goes through npm or a shell. pnpm sets npm_config_* variables
// that only pnpm knows for the scripts it runs, and npx (npm 11) warns about each of them
// ("Unknown env config"), so the site is built by the pnpm already running this script. The
// service runs as one node process: a shell between us and it dies at once on Ctrl+C (the
// terminal signals the whole process group), and pnpm then reported a failure while the service
// was still shutting down cleanly. Ctrl+C or SIGTERM reaches the service, and this script exits
// with the service's own exit code (0 after its graceful shutdown). The root package.json starts
// this script with `exec`, so the shell pnpm runs scripts in becomes this process instead of
// dying on Ctrl+C ahead of it: pnpm then sees this script's 0 and prints no "ELIFECYCLE Command
// failed" (decision 107). SIGTERM sent to this script or to the service ends every layer with 0.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { localLogLine } from '../booking-service/src/logging/local-log-lines.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
process.env.DO_NOT_TRACK = '1';

/** The same local site under its other loopback name, or undefined for any other host. */
function loopbackTwin(origin) {
  const url = new URL(origin);
  const other = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[url.hostname];
  if (!other) return undefined;
  url.hostname = other;
  return url.origin;
}

const port = process.env.PORT || '4321';
const publicUrl = new URL(
  process.env.PUBLIC_URL || process.env.SITE_URL || `http://localhost:${port}`,
).origin;
const twin = loopbackTwin(publicUrl);
const env = {
  ...process.env,
  PORT: port,
  PUBLIC_URL: publicUrl,
  // astro.config.mjs builds canonical links, the sitemap and robots.txt from SITE_URL.
  SITE_URL: publicUrl,
  TRUSTED_ORIGINS: [process.env.TRUSTED_ORIGINS, twin].filter(Boolean).join(','),
};

/**
 * pnpm with `args`: the pnpm running this script (npm_execpath under `pnpm start`), else npx.
 * Outside pnpm no pnpm-only npm_config_* variables are set, so npx has nothing to warn about.
 */
function pnpmCommand(args) {
  const execPath = process.env.npm_execpath;
  if (execPath && path.basename(execPath).startsWith('pnpm')) {
    return /\.[cm]?js$/.test(execPath) ? [process.execPath, [execPath, ...args]] : [execPath, args];
  }
  return ['npx', ['-y', 'pnpm@10', ...args]];
}

/** The child running now, and the signal that asked us to stop (forwarded to every child). */
let child;
let stopSignal;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopSignal = signal;
    child?.kill(signal);
  });
}

/** Runs a command to its end; resolves with its exit code (128 + n when a signal ended it). */
function run(command, args, { cwd, formatLog = false } = {}) {
  return new Promise((resolve, reject) => {
    child = spawn(command, args, {
      cwd,
      stdio: ['inherit', formatLog ? 'pipe' : 'inherit', 'inherit'],
      env,
    });
    if (formatLog) {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const shown = localLogLine(line);
        if (shown !== null) console.log(shown);
      });
    }
    child.on('error', reject);
    child.on('close', (code, signal) => {
      child = undefined;
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

try {
  console.log(`Building the site for ${publicUrl}…`);
  const built = await run(...pnpmCommand(['--filter', 'site', 'build']));
  if (stopSignal) process.exit(built);
  if (built !== 0) throw new Error(`the site build exited with ${built}`);
  console.log('Starting the booking service (it serves the built site and the API)…');
  // booking-service's "start" script (tsx src/server.ts), without pnpm's shell around it.
  const served = await run(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: fileURLToPath(new URL('../booking-service/', import.meta.url)),
    formatLog: true,
  });
  if (served !== 0 && !stopSignal) console.error(`The booking service exited with ${served}.`);
  process.exitCode = served;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
