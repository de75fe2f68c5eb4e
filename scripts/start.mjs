// One command for a fresh machine: build the site, then serve site and API on one origin from
// the booking service (embedded PGlite database, local mailbox, local checkout), with demo logins.
import { spawn } from 'node:child_process';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
process.env.DO_NOT_TRACK = '1';

function pnpm(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['-y', 'pnpm@10', ...args], { stdio: 'inherit', env: process.env });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`pnpm ${args.join(' ')} exited with ${code}`)),
    );
  });
}

try {
  console.log('Building the site…');
  await pnpm(['--filter', 'site', 'build']);
  console.log('Starting the booking service (it serves the built site and the API)…');
  await pnpm(['--filter', 'booking-service', 'start']);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
