import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAINING_DETAIL } from './health/health-routes.ts';
import { freePort } from './testing/free-port.ts';
import { waitUntil } from './testing/wait-until.ts';

/*
 * The real entry point in its own process, stopped as a platform stops it: SIGTERM while one
 * request is half-way through its body and a health check half-way through its headers. The
 * instance must refuse new connections at once, answer the health check 503, finish the
 * request, and exit 0 well inside its 25 s bound. Local adapters and a fresh PGlite folder, as
 * the site's stack journeys start it (site/scripts/local-stack-env.mjs).
 */

const SERVICE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** server.ts gives up and exits 1 after this; a clean stop must come well before it. */
const SHUTDOWN_BOUND_MS = 25_000;
/** A fresh PGlite's initdb and every migration: tens of seconds on the busy shared machine. */
const START_TIMEOUT_MS = 180_000;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One HTTP/1.1 exchange written by hand, so a test can stop half-way through a request. */
class RawExchange {
  received = '';
  readonly closed: Promise<void>;
  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.received += chunk;
    });
    this.closed = new Promise((resolve, reject) => {
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
  }

  static open(port: number): Promise<RawExchange> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new RawExchange(socket)));
      socket.once('error', reject);
    });
  }

  send(text: string) {
    this.socket.write(text);
  }

  /** The final response (after any 100 Continue), once the server has closed the connection. */
  async response(): Promise<{ status: number; head: string; body: string }> {
    await this.closed;
    const final = this.received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
    const [head = '', body = ''] = final.split('\r\n\r\n', 2);
    return { status: Number(head.split(' ')[1]), head, body };
  }

  destroy() {
    this.socket.destroy();
  }
}

/** Whether a new TCP connection to the port is refused (nothing listening). */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('the service process on SIGTERM', () => {
  let dir: string;
  let port: number;
  let child: ChildProcess;
  let exited: Promise<Exit>;
  let output = '';
  const exchanges: RawExchange[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'graceful-stop-'));
    port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVICE_DIR,
      // Only what a local start needs; whatever a local .env says is overridden here.
      env: {
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        PGLITE_DATA_DIR: path.join(dir, 'pglite'),
        SITE_DIST: path.join(dir, 'site'),
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        DATABASE_URL_DIRECT: '',
        DATABASE_DRIVER: 'pglite',
        STRIPE_SECRET_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
        RESEND_API_KEY: '',
        TEST_CLOCK: '',
        DEMO_SEED: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    let exitedEarly = false;
    void exited.then(() => {
      exitedEarly = true;
    });
    await waitUntil(
      'the service answers its health check',
      async () => {
        if (exitedEarly) throw new Error(`the service exited while starting:\n${output}`);
        const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        return res?.status === 200;
      },
      { timeoutMs: START_TIMEOUT_MS, intervalMs: 250 },
    );
  }, START_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    for (const exchange of exchanges) exchange.destroy();
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses new connections, answers its health check 503, finishes the in-flight request and exits 0', async () => {
    // A balancer's health check, its headers not yet complete: open, but not yet answered.
    const healthCheck = await RawExchange.open(port);
    exchanges.push(healthCheck);
    healthCheck.send('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');

    // A sign-in whose body is still arriving. The 100 Continue shows the server has read its
    // headers and the app is waiting for the body (and, connected later, read the check's too).
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const signIn = await RawExchange.open(port);
    exchanges.push(signIn);
    signIn.send(
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        'Expect: 100-continue\r\n\r\n',
    );
    await waitUntil('the server asks for the body', () => signIn.received.includes('100 Continue'));
    signIn.send(body.slice(0, 10));

    const signalled = performance.now();
    child.kill('SIGTERM');

    await waitUntil('new connections are refused', () => connectionRefused(port), {
      timeoutMs: 5_000,
    });

    healthCheck.send('\r\n');
    const health = await healthCheck.response();
    expect(health.status).toBe(503);
    expect(health.head).toMatch(/^Connection: close$/im);
    expect(health.body).toContain(DRAINING_DETAIL);

    signIn.send(body.slice(10));
    const answer = await signIn.response();
    // Unknown e-mail: the ordinary answer, not a dropped connection or a 5xx.
    expect(answer.status, answer.head).toBe(401);
    expect(answer.head).toMatch(/^Connection: close$/im);

    const exit = await exited;
    expect(exit, output).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalled).toBeLessThan(SHUTDOWN_BOUND_MS);
  }, 60_000);
});
