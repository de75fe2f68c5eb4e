import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type EmbeddedServer, startEmbeddedPostgres } from '../src/testing/embedded-postgres.ts';
import { freePort } from '../src/testing/free-port.ts';
import { ensurePgBouncer, type PgBouncer, startPgBouncer } from '../src/testing/pgbouncer.ts';
import { type Balancer, startBalancer } from './balancer.ts';

/*
 * The production shape on one machine (docs/decisions/096): one PostgreSQL, PgBouncer in
 * transaction mode in front of it, the release step's migrations on the direct URL, N service
 * instances on the pooled URL, and a round-robin balancer on one port. The instances are real
 * `src/server.ts` processes in local mode (local mailbox and checkout page), so a signal, a
 * crash or a restart is a real one.
 */

const SERVICE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 60_000;

export interface ClusterInstance {
  readonly port: number;
  /** The running process's pid, or undefined while stopped. */
  pid(): number | undefined;
  /** Sends `signal` and resolves with how the process ended. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: string | null }>;
  /** Starts it again on its port; resolves once its health check answers 200. */
  start(): Promise<void>;
}

export interface Cluster {
  /** The balancer: the service's one public address. */
  url: string;
  /** The pooled URL the instances use (through PgBouncer). */
  pooledUrl: string;
  /** The direct URL the release step migrates on. */
  directUrl: string;
  instances: ClusterInstance[];
  balancer: Balancer;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances?: number;
  /** The balancer's port (default: a free one). */
  port?: number;
  /** More variables for every instance (MAIL_RATE_PER_SECOND, LOG_LEVEL, …). */
  env?: Record<string, string>;
  /** Where the instances' output goes (default: dropped, but kept for a start failure). */
  output?: (instance: number, line: string) => void;
}

/** Runs `script` (TypeScript, through tsx) in the service folder with `env`; rejects with its output if it fails. */
function runOnce(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: SERVICE_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} exited ${code}:\n${output}`)),
    );
  });
}

async function waitForHealth(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`instance on port ${port} exited ${child.exitCode}:\n${output()}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`instance on port ${port} did not answer within ${START_TIMEOUT_MS} ms`);
}

/** Starts the whole cluster; stop() takes it all down again, the database included. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 3;
  const bouncerPath = ensurePgBouncer();
  if ('unavailable' in bouncerPath) throw new Error(bouncerPath.unavailable);

  const cleanups: Array<() => Promise<void>> = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const server: EmbeddedServer = await startEmbeddedPostgres('booking-cluster-');
    cleanups.push(() => server.stop());
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    await admin.query('create database booking');
    await admin.end();
    const directUrl = Object.assign(new URL(server.adminUrl), { pathname: '/booking' }).toString();
    const bouncer: PgBouncer = await startPgBouncer(bouncerPath.path, server.adminUrl);
    cleanups.push(() => bouncer.stop());
    const pooledUrl = Object.assign(new URL(bouncer.adminUrl), { pathname: '/booking' }).toString();

    // The balancer listens first: the instances need its address, and a port only chosen here
    // and bound minutes later (after the release step and the instances' start) could be taken
    // by anything else on the machine meanwhile. It finds each instance as that one starts.
    const ports: number[] = [];
    const balancer = await startBalancer({
      upstreams: () => ports,
      ...(options.port === undefined ? {} : { port: options.port }),
    });
    cleanups.push(() => balancer.close());
    const url = balancer.url;
    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: pooledUrl,
      DATABASE_URL_DIRECT: directUrl,
      DATABASE_POOLED: 'true',
      PUBLIC_URL: url,
      // One secret for all: a cookie one instance signed is read by the others.
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      TRUSTED_PROXIES: '1',
      LOG_LEVEL: 'warn',
      TEST_CLOCK: '',
      ...options.env,
    };
    // The release step, once, before any instance starts (docs/decisions/089).
    await runOnce('src/db/migrate-cli.ts', baseEnv);

    const instances = Array.from({ length: count }, (_, index) => {
      let child: ChildProcess | undefined;
      let output = '';
      // Chosen as the instance first starts, moments before it listens, and kept for restarts.
      let port = 0;
      const instance: ClusterInstance = {
        get port() {
          return port;
        },
        pid: () => (child && child.exitCode === null ? child.pid : undefined),
        async start() {
          if (port === 0) {
            port = await freePort();
            ports.push(port);
          }
          output = '';
          // Node itself, not a tsx wrapper process: signals and exit codes are the service's own.
          child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
            cwd: SERVICE_DIR,
            // The demo accounts are seeded by the first instance only.
            env: { ...baseEnv, PORT: String(port), DEMO_SEED: index === 0 ? 'true' : 'false' },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          const collect = (chunk: Buffer) => {
            const text = String(chunk);
            output = (output + text).slice(-8000);
            for (const line of text.split('\n').filter(Boolean)) options.output?.(index, line);
          };
          child.stdout?.on('data', collect);
          child.stderr?.on('data', collect);
          await waitForHealth(port, child, () => output);
        },
        stop(signal = 'SIGTERM') {
          const running = child;
          if (!running || running.exitCode !== null || running.signalCode !== null) {
            return Promise.resolve({ code: running?.exitCode ?? null, signal: null });
          }
          return new Promise((resolve) => {
            running.once('exit', (code, how) => resolve({ code, signal: how }));
            running.kill(signal);
          });
        },
      };
      cleanups.push(async () => {
        await instance.stop('SIGTERM');
      });
      return instance;
    });
    // The first seeds the demo accounts; the others follow together.
    await instances[0]!.start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));

    await balancer.checkNow();
    return { url, pooledUrl, directUrl, instances, balancer, stop: cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
