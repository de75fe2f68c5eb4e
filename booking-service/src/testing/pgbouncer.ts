import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

/*
 * PgBouncer in transaction mode in front of the test PostgreSQL: the pooler production puts
 * before the database (Neon's, or a self-run one), so the money and seat suites can prove they
 * hold no session state a pooler breaks (decision 091). Debian's package (1.18) has no
 * protocol-level prepared statements, the strictest pooler there is.
 */

/** Where Debian's package installs it: /usr/sbin is not on a non-root PATH. */
const CANDIDATE_PATHS = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'];
const INSTALL_TIMEOUT_MS = 240_000;
const START_TIMEOUT_MS = 10_000;

/** A running PgBouncer and how to stop it. */
export interface PgBouncer {
  /** The admin URL of the upstream server, rewritten to reach it through the bouncer. */
  adminUrl: string;
  stop(): Promise<void>;
}

/** The pgbouncer executable, or undefined when none is installed. */
export function findPgBouncer(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v pgbouncer'], { encoding: 'utf8' });
  const found = onPath.status === 0 ? onPath.stdout.trim() : '';
  return found || CANDIDATE_PATHS.find((candidate) => existsSync(candidate));
}

/**
 * The pgbouncer executable, installed with apt-get when missing (as root, or through
 * passwordless sudo, as .ci/run installs Chromium). Answers why not when it cannot be had.
 */
export function ensurePgBouncer(): { path: string } | { unavailable: string } {
  const found = findPgBouncer();
  if (found) return { path: found };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const asRoot = (args: string[]) =>
    isRoot ? (['apt-get', args] as const) : (['sudo', ['-n', 'apt-get', ...args]] as const);
  const run = (args: string[]) => {
    const [command, commandArgs] = asRoot(args);
    // No terminal on stdin: debconf asks nothing.
    return spawnSync(command, [...commandArgs], { encoding: 'utf8', timeout: INSTALL_TIMEOUT_MS });
  };
  const install = ['install', '-y', '--no-install-recommends', 'pgbouncer'];
  let result = run(install);
  // A fresh machine may have no package lists yet.
  if (result.status !== 0) {
    run(['update']);
    result = run(install);
  }
  const installed = findPgBouncer();
  if (installed) return { path: installed };
  const output = `${result.error?.message ?? ''} ${result.stderr ?? ''}`.trim().split('\n').at(-1);
  const why =
    result.status === 0
      ? 'it ran but left no pgbouncer executable'
      : `it failed${isRoot ? '' : ' (it needs root or passwordless sudo)'}: ${output || `exit ${result.status}`}`;
  return {
    unavailable: `pgbouncer is not installed and \`apt-get install -y pgbouncer\` did not install it: ${why}`,
  };
}

/**
 * Starts `executable` in transaction mode on a free loopback port in front of the server of
 * `upstreamAdminUrl`, with an auth file holding that URL's user and password; every database
 * of the server is reachable through it by name.
 */
export async function startPgBouncer(
  executable: string,
  upstreamAdminUrl: string,
): Promise<PgBouncer> {
  const upstream = new URL(upstreamAdminUrl);
  const user = decodeURIComponent(upstream.username);
  const password = decodeURIComponent(upstream.password);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'booking-service-pgbouncer-'));
  const port = await freePort();
  const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;
  await writeFile(path.join(folder, 'userlist.txt'), `${quoted(user)} ${quoted(password)}\n`);
  await writeFile(
    path.join(folder, 'pgbouncer.ini'),
    [
      '[databases]',
      // The fallback entry: a database not listed is reached by its own name upstream.
      `* = host=${upstream.hostname} port=${upstream.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'pool_mode = transaction',
      // A plain password in the auth file lets the bouncer answer SCRAM on both sides.
      'auth_type = scram-sha-256',
      `auth_file = ${path.join(folder, 'userlist.txt')}`,
      'max_client_conn = 1000',
      'default_pool_size = 20',
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root; it can drop to another user itself, who must read the files.
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    await chmod(folder, 0o755);
    await chmod(path.join(folder, 'userlist.txt'), 0o644);
    await chmod(path.join(folder, 'pgbouncer.ini'), 0o644);
  }
  const args = [...(isRoot ? ['-u', 'postgres'] : []), path.join(folder, 'pgbouncer.ini')];
  const child = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  try {
    await waitForListener(child, port, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  const through = new URL(upstreamAdminUrl);
  through.hostname = '127.0.0.1';
  through.port = String(port);
  return {
    adminUrl: through.toString(),
    async stop() {
      await stopChild(child);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Resolves once `port` accepts connections; rejects with PgBouncer's output if it exits first. */
async function waitForListener(child: ChildProcess, port: number, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `exited (${signal ?? code})`;
  });
  child.once('error', (error) => {
    exited = error.message;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`pgbouncer ${exited}: ${output()}`);
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `pgbouncer did not listen on port ${port} within ${START_TIMEOUT_MS} ms: ${output()}`,
  );
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    // SIGTERM: PgBouncer's immediate shutdown (SIGINT would wait for clients to finish).
    child.kill('SIGTERM');
  });
}
