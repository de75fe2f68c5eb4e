import type { AppDeps } from '../src/app-deps.ts';
import type { createApp } from '../src/app.ts';
import { signedInUser } from '../src/testing/auth-helpers.ts';
import {
  type LoadFigures,
  megabytes,
  measureLoadApart,
  measureSingle,
  type SingleFigures,
  type MemoryPeak,
  sampleMemory,
  type Target,
} from './measure.ts';
import { seedLongHistory } from './seed-customers.ts';

/*
 * The admin reads (docs/capacity.md, "Admin reads at S, M and L"): each measured alone (median
 * of one request at a time, largest answer) and under CONNECTIONS concurrent admins (load from
 * a child process), with this process's peak resident memory meanwhile. Answers are counted in bytes, not parsed, so the
 * bench keeps working while the pages' shapes change.
 */

export interface AdminFigures {
  single: SingleFigures;
  load: LoadFigures;
  peak: MemoryPeak;
}

/**
 * Signs in an admin and a customer with a long history through the real sign-up and sign-in
 * (the tests' helper), then seeds that customer's history.
 */
export async function adminTargets(
  app: ReturnType<typeof createApp>,
  deps: AppDeps,
  base: string,
): Promise<Target[]> {
  const t = { app, deps, close: async () => {} };
  const admin = await signedInUser(t, {
    email: 'bench-admin@example.com',
    name: 'Bench Admin',
    role: 'admin',
  });
  const customer = await signedInUser(t, {
    email: 'bench-history@example.com',
    name: 'Long History',
  });
  await seedLongHistory(deps, customer);
  const as = (cookie: string) => ({ cookie });
  return [
    { name: 'GET /api/admin/summary', url: `${base}/api/admin/summary`, headers: as(admin.cookie) },
    { name: 'GET /api/admin/stats', url: `${base}/api/admin/stats`, headers: as(admin.cookie) },
    {
      name: 'GET /api/admin/sessions previous',
      url: `${base}/api/admin/sessions?filter=previous`,
      headers: as(admin.cookie),
    },
    {
      name: 'GET /api/admin/users smith',
      url: `${base}/api/admin/users?search=smith`,
      headers: as(admin.cookie),
    },
    {
      name: 'GET /api/me/export (history)',
      url: `${base}/api/me/export`,
      headers: as(customer.cookie),
    },
  ];
}

/** Each target alone, then under load; peak RSS per target while both run. */
export async function measureAdminTargets(targets: readonly Target[]): Promise<AdminFigures[]> {
  const figures: AdminFigures[] = [];
  for (const target of targets) {
    // Progress, so a run that dies (out of memory) says where.
    console.log(`  ${target.name}: measuring`);
    // Warm-up: JIT, pool connections, content cache.
    await (await fetch(target.url, { headers: target.headers ?? {} })).arrayBuffer();
    const memory = sampleMemory();
    const single = await measureSingle(target);
    const load = await measureLoadApart(target);
    figures.push({ single, load, peak: memory.stop() });
  }
  return figures;
}

export function printAdminFigures(figures: readonly AdminFigures[]): void {
  console.table(
    figures.map(({ single, load, peak }) => ({
      target: load.name,
      'alone median ms': Number(single.medianMs.toFixed(1)),
      'req/s': Number(load.requestsPerSecond.toFixed(load.requestsPerSecond < 10 ? 1 : 0)),
      'p99 ms': load.p99,
      'largest bytes': single.largestBytes,
      'gzip bytes': single.largestGzipBytes,
      status: single.statuses.join(','),
      'non-2xx/errors': load.non2xx,
      'peak RSS MB': megabytes(peak.rss),
      'peak heap MB': megabytes(peak.heapUsed),
    })),
  );
  const peak = Math.max(...figures.map((f) => f.peak.rss));
  console.log(`Peak RSS of the service process during the admin reads: ${megabytes(peak)} MB`);
}
