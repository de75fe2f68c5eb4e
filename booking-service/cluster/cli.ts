import { parseArgs } from 'node:util';
import { startCluster } from './cluster.ts';

/*
 * `pnpm --filter booking-service cluster [--instances 3] [--port 8080]`: PostgreSQL, PgBouncer,
 * the release step and N instances behind a round-robin balancer on one port, on this machine
 * (docs/decisions/096). Ctrl+C takes it all down, the database included.
 */

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const instances = Number(values.instances);
const port = values.port === undefined ? undefined : Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 30) {
  console.error('--instances must be a whole number from 1 to 30.');
  process.exit(2);
}
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
  console.error('--port must be a port number from 1 to 65535.');
  process.exit(2);
}

console.log(`Starting PostgreSQL, PgBouncer and ${instances} instance(s)…`);
const cluster = await startCluster({
  instances,
  ...(port === undefined ? {} : { port }),
  ...(values.verbose
    ? { output: (i: number, line: string) => console.log(`[${i + 1}] ${line}`) }
    : {}),
}).catch((error: unknown) => {
  console.error(`The cluster could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});

console.log(
  [
    `Tuition booking service cluster: ${cluster.url}`,
    `  instances (round-robin, health-checked): ${cluster.instances.map((i) => i.port).join(', ')}`,
    `  DATABASE_URL (through PgBouncer, transaction mode): ${cluster.pooledUrl}`,
    `  DATABASE_URL_DIRECT (migrations): ${cluster.directUrl}`,
    `  local mailbox: ${cluster.url}/dev/mail`,
    '  demo logins: see the first instance (--verbose), as with `pnpm start`',
    'Ctrl+C stops it all.',
  ].join('\n'),
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping the cluster…');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
