// One command for a fresh machine: build the site, then serve site and API on one origin from
// the booking service (embedded PGlite database, local mailbox, local checkout), with demo logins.
//
// The site is built for the address it will be served at (PORT or PUBLIC_URL), so canonical
// links name that port; the other loopback name of the same site (localhost <-> 127.0.0.1) is
// trusted too, so opening either works. The service's JSON log is shown as short lines (requests,
// warnings, errors: booking-service/src/logging/local-log-lines.ts), so its start-up banner
// stays the last thing printed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
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

function pnpm(args, { formatLog = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['-y', 'pnpm@10', ...args], {
      stdio: ['inherit', formatLog ? 'pipe' : 'inherit', 'inherit'],
      env,
    });
    if (formatLog) {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const shown = localLogLine(line);
        if (shown !== null) console.log(shown);
      });
    }
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`pnpm ${args.join(' ')} exited with ${code}`)),
    );
  });
}

try {
  console.log(`Building the site for ${publicUrl}…`);
  await pnpm(['--filter', 'site', 'build']);
  console.log('Starting the booking service (it serves the built site and the API)…');
  await pnpm(['--filter', 'booking-service', 'start'], { formatLog: true });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
