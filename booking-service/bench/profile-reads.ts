/*
 * What one request of each booking read, and of the admin summary, does: the database
 * statements it sends, the content it reads, and how long it takes in-process (no socket), so a
 * change in the bench's ratios can be traced to its cause (docs/capacity.md).
 *
 *   npx -y pnpm@10 --filter booking-service exec tsx bench/profile-reads.ts
 *
 * Seeds like the bench at S (BENCH_SCALE for more) on the same kind of database.
 */
import pg from 'pg';
import type { ContentLoader } from '@tuition/content';
import { createApp } from '../src/app.ts';
import { signedInUser } from '../src/testing/auth-helpers.ts';
import { openBenchDeps } from './bench-setup.ts';
import { scaleFromEnv } from './scales.ts';
import { seedUpcoming } from './seed-customers.ts';
import { seedScale } from './seed-scale.ts';

const SERVICE = 'gcse-higher' as const;
/** PROFILE_TIMED=N times each request N times (default 200); PROFILE_ONLY=text keeps matching ones. */
const TIMED = Number(process.env.PROFILE_TIMED ?? 200);

const statements: Array<{ text: string; sentAt: number; ms?: number }> = [];
const contentReads: string[] = [];

/**
 * Counts every statement any pool client sends (drizzle's node-postgres driver), with when it
 * was sent and how long its answer took, so statements sent one after another show as such.
 */
function countStatements(): void {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? first?.name ?? '?');
    const entry: { text: string; sentAt: number; ms?: number } = {
      text: text.replace(/\s+/g, ' ').slice(0, 100),
      sentAt: performance.now(),
    };
    statements.push(entry);
    const done = () => {
      entry.ms = performance.now() - entry.sentAt;
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...answer: unknown[]) => {
        done();
        return (callback as (...a: unknown[]) => unknown)(...answer);
      };
    }
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  } as typeof query;
}

/** Counts every content read, by method. */
function countContentReads(content: ContentLoader): void {
  for (const key of Object.keys(content) as Array<keyof ContentLoader>) {
    const read = content[key] as (...args: unknown[]) => unknown;
    (content as unknown as Record<string, unknown>)[key] = (...args: unknown[]) => {
      contentReads.push(key);
      return read(...args);
    };
  }
}

async function main() {
  countStatements();
  const bench = await openBenchDeps();
  const { deps } = bench;
  const sessions = await seedUpcoming(deps, SERVICE);
  await seedScale(deps.db, scaleFromEnv(process.env), deps.clock.now());
  countContentReads(deps.content);
  const app = createApp(deps);
  const origin = deps.config.publicUrl;
  const admin = (
    await signedInUser(
      { app, deps, close: async () => {} },
      { email: 'bench-admin@example.com', name: 'Bench Admin', role: 'admin' },
    )
  ).cookie;
  const requests: Array<[string, () => Promise<Response>]> = [
    ['GET /api/availability', async () => app.request(`/api/availability?service=${SERVICE}`)],
    [
      'POST /api/bookability',
      async () =>
        app.request('/api/bookability', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({
            service: SERVICE,
            startsAt: sessions.slice(0, 3).map((s) => s.startsAt.toISOString()),
          }),
        }),
    ],
    [
      'GET /api/admin/summary',
      async () => app.request('/api/admin/summary', { headers: { cookie: admin } }),
    ],
  ];
  const only = process.env.PROFILE_ONLY;
  for (const [name, send] of requests.filter(([n]) => !only || n.includes(only))) {
    for (let i = 0; i < 20; i++) await (await send()).arrayBuffer(); // warm: JIT, caches
    statements.length = 0;
    contentReads.length = 0;
    const sentAt = performance.now();
    const response = await send();
    const status = response.status;
    await response.arrayBuffer();
    const oneMs = performance.now() - sentAt;
    const oneStatements = [...statements];
    const oneReads = [...contentReads];
    const started = performance.now();
    for (let i = 0; i < TIMED; i++) await (await send()).arrayBuffer();
    const meanMs = (performance.now() - started) / TIMED;
    console.log(
      `\n${name}: ${status}, ${meanMs.toFixed(2)} ms a request in-process (mean of ${TIMED})`,
    );
    console.log(
      `  ${oneStatements.length} statements (sent at / answered in, ms; ${oneMs.toFixed(2)} ms in all):`,
    );
    for (const { text, sentAt: at, ms } of oneStatements)
      console.log(`    +${(at - sentAt).toFixed(1)} / ${ms?.toFixed(1) ?? '?'}  ${text}`);
    console.log(`  ${oneReads.length} content reads: ${oneReads.join(', ') || 'none'}`);
  }
  await bench.close();
}

// Exits when done: the mail queue's timers would keep the process (and a CPU profile) waiting.
main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
