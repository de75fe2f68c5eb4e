// Lighthouse report of the one-command stack: builds the site (unless --dist names a build),
// starts the booking service on a free port with a fresh embedded database serving that
// build, signs in the demo customer and admin for the account pages, and runs Lighthouse's
// mobile preset in Debian's Chromium headless shell (the full browser where no shell is
// installed) on every route below. For the routes whose performance the baseline judges, the
// page's renderer runs on a CPU of its own and the service, Lighthouse and Chrome's other
// processes on the rest (cpuPlan, decision 124); the other routes run first, with nothing pinned
// (placeRoutes, decision 125). Prints the four category scores and LCP / TBT / CLS per route and
// writes the summary to reports/lighthouse.json.
//
//   npx -y pnpm@10 --filter site report:lighthouse [--dist .e2e-dist] [--only /booking,/admin]
//       [--check lighthouse-baseline.json] [--runs 5] [--full] [--traces]
//       [--part reported|judged]
//
// --check fails (exit 1) when a route reports no Largest Contentful Paint, or its accessibility,
// best-practices or SEO score falls below the floor the baseline file sets for it
// (lighthouse-check.mjs, decision 068); the test command runs it in CI. Where the baseline also
// sets a performance floor (/admin and /booking), the route runs three times and the median of
// the three scores is judged (decision 119): one run on a shared two-core machine moves by
// several points. Every other route runs once and its performance is only reported.
// --runs runs every route that many times (medians are printed). --full keeps each run's full
// Lighthouse result beside the summary, --traces each run's trace (lighthouse-<route>-<n>.*).
// --part runs only the routes whose performance is reported (the test command runs those beside
// other steps) or only those it judges (run alone, on quiet CPUs; decision 127).
//
// Account pages are `noindex` on purpose (they have nothing for search engines), which costs
// them Lighthouse's "is crawlable" SEO audit: their SEO score is reported, not expected at 100.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  cpuPlan,
  lighthouseShortfalls,
  mainFrameLcpCandidates,
  placeRoutes,
  runsFor,
  summariseRuns,
} from './lighthouse-check.mjs';
import { localStackEnv } from './local-stack-env.mjs';
import { seedPgliteFolder } from './migrated-pglite.mjs';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serviceDir = path.resolve(siteDir, '../booking-service');

/** Who must be signed in to see the route as its users do. */
const ROUTES = [
  { path: '/', as: null },
  { path: '/services', as: null },
  { path: '/services/mathematics', as: null },
  { path: '/course-timeline/gcse', as: null },
  { path: '/about', as: null },
  { path: '/reviews', as: null },
  { path: '/contact', as: null },
  { path: '/booking', as: 'customer' },
  { path: '/enrol', as: 'customer' },
  { path: '/upcoming-bookings', as: 'customer' },
  { path: '/my-account', as: 'customer' },
  { path: '/admin', as: 'admin' },
];

const DEMO = {
  customer: { email: 'customer@demo.example', password: 'demo-customer-1' },
  admin: { email: 'admin@demo.example', password: 'demo-admin-1' },
};

const { values: options } = parseArgs({
  options: {
    dist: { type: 'string' },
    only: { type: 'string' },
    out: { type: 'string', default: path.resolve(siteDir, '../reports/lighthouse.json') },
    // Also keep each route's full Lighthouse result beside the summary (lighthouse-<route>.json).
    full: { type: 'boolean', default: false },
    // Also keep each run's trace, for reading the long tasks (decision 119).
    traces: { type: 'boolean', default: false },
    check: { type: 'string' },
    runs: { type: 'string' },
    // Only the routes whose performance is reported, or only those it judges (decision 127).
    part: { type: 'string' },
  },
});

function run(command, args, cwd, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, 'localhost', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function signIn(origin, who) {
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(DEMO[who]),
  });
  if (!res.ok) throw new Error(`signing in the demo ${who} answered ${res.status}`);
  const cookies = res.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  return cookies.join('; ');
}

/** Busy and total CPU time of the whole machine so far (Linux), or undefined elsewhere. */
function cpuTimes() {
  if (!existsSync('/proc/stat')) return undefined;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/**
 * Waits until the CPUs were under a quarter busy for two seconds running, or `maxMs` passed;
 * answers the seconds waited (undefined where the machine's CPU times cannot be read).
 */
async function quietCpus(maxMs = 30_000) {
  const started = Date.now();
  let last = cpuTimes();
  if (!last) return undefined;
  let quiet = 0;
  while (Date.now() - started < maxMs && quiet < 4) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuTimes();
    const share = (now.busy - last.busy) / Math.max(1, now.total - last.total);
    quiet = share < 0.25 ? quiet + 1 : 0;
    last = now;
  }
  return Math.round((Date.now() - started) / 100) / 10;
}

const score = (category) => Math.round((category?.score ?? 0) * 100);

/**
 * One audit, tried again only when Lighthouse's run itself failed (a runtime error such as
 * NO_NAVSTART: a trace lost on a busy machine, which says nothing about the page). A missing
 * Largest Contentful Paint is never retried: Chrome records none when the page itself ends the
 * recording (decision 068), and retrying until one run slipped through hid exactly that.
 */
async function audit(url, port, cookie, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await auditOnce(url, port, cookie);
    const code = result.lhr.runtimeError?.code;
    if (!code || code === 'NO_LCP' || attempt === attempts) return result;
    console.log(`Lighthouse failed on ${url} (${code}); again`);
  }
}

async function auditOnce(url, port, cookie) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // What no score counts and nobody reads here: the page's screenshots, and the back/forward
    // cache check's second navigation (a weight-0 diagnostic). About 2.5 s a run (decision 121).
    disableFullPageScreenshot: true,
    skipAudits: ['bf-cache', 'screenshot-thumbnails', 'final-screenshot'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const { categories, audits } = result.lhr;
  const lcpAudit = audits['largest-contentful-paint'];
  // Lighthouse 13 times LCP from a UKM event when Chrome recorded no candidate: only a candidate
  // in the trace counts as an LCP the page reports (lighthouse-check.mjs).
  const candidates = mainFrameLcpCandidates(result.artifacts.Trace?.traceEvents ?? []);
  const lcpMs = candidates > 0 ? (lcpAudit?.numericValue ?? Number.NaN) : Number.NaN;
  return {
    lhr: result.lhr,
    trace: result.artifacts.Trace,
    performance: score(categories.performance),
    accessibility: score(categories.accessibility),
    bestPractices: score(categories['best-practices']),
    seo: score(categories.seo),
    lcpMs: Math.round(lcpMs),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    lcpError:
      lcpAudit?.errorMessage ??
      (candidates === 0 ? 'NO_LCP: no largestContentfulPaint::Candidate in the trace' : null),
  };
}

const only = options.only?.split(',').map((p) => p.trim());
const readFloors = (file) => JSON.parse(readFileSync(path.resolve(siteDir, file), 'utf8'));
const floors = options.check ? readFloors(options.check) : {};
// Where a route is measured follows the baseline even when nothing is checked, so that a report
// of /booking alone measures it as the test command does.
const placementFloors = options.check ? floors : readFloors('lighthouse-baseline.json');
const runsOption = options.runs === undefined ? undefined : Number(options.runs);
if (runsOption !== undefined && !(Number.isInteger(runsOption) && runsOption > 0)) {
  throw new Error(`--runs takes a whole number above 0, not ${options.runs}`);
}
const routes = only ? ROUTES.filter((r) => only.includes(r.path)) : ROUTES;
if (options.part !== undefined && !['reported', 'judged'].includes(options.part)) {
  throw new Error(`--part takes reported or judged, not ${options.part}`);
}

let dist = options.dist ? path.resolve(siteDir, options.dist) : null;
if (!dist) {
  dist = path.join(siteDir, '.lighthouse-dist');
  await run('npx', ['-y', 'pnpm@10', 'exec', 'astro', 'build', '--outDir', dist], siteDir, {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
  });
}

// The headless shell is the Chromium build for automation (the journeys use it too); the full
// browser's display compositor took a CPU of its own on this kind of machine (decision 124).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromePath =
  process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const cpus = cpuPlan(
  os.availableParallelism(),
  spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0,
);
/** Moves every thread of these processes onto `cpuList`; what they start later inherits it. */
function pin(pids, cpuList) {
  for (const pid of pids) {
    execFileSync('taskset', ['-a', '-p', '-c', cpuList, String(pid)], { stdio: 'ignore' });
  }
}

/** A Chrome for the audits; with `rendererCpu`, every renderer starts on that CPU alone. */
function launchChrome(rendererCpu) {
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      ...(chromePath === HEADLESS_SHELL ? [] : ['--headless=new']),
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      ...(rendererCpu === undefined ? [] : [`--renderer-cmd-prefix=taskset -c ${rendererCpu}`]),
    ],
  });
}

const placed = placeRoutes(
  routes.map((r) => r.path),
  placementFloors,
);
const plain = options.part === 'judged' ? [] : placed.plain;
const isolated = options.part === 'reported' ? [] : placed.isolated;
console.log(
  `Lighthouse in ${chromePath}; ${
    cpus && isolated.length
      ? `${isolated.join(', ')} with the page's renderer on CPU ${cpus.rendererCpu} and the service, Lighthouse and Chrome's other processes on CPU ${cpus.harnessCpus}; the other routes unpinned`
      : 'nothing pinned'
  }`,
);

const port = await freePort();
const origin = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-pglite-'));
await seedPgliteFolder(dataDir);
// This very Node binary, not `node` from PATH: the workspace's `node` is a shell wrapper that
// would take the signal below and leave the service running.
const service = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: serviceDir,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ...localStackEnv({ port, dataDir, siteDist: dist }) },
});

let chrome;
try {
  await waitFor(`${origin}/api/health`, 240_000);
  const cookies = {};
  for (const who of new Set(routes.map((r) => r.as).filter(Boolean))) {
    cookies[who] = await signIn(origin, who);
  }
  const rows = [];
  const auditRoute = async (route) => {
    const name = route.path === '/' ? 'home' : route.path.slice(1).replaceAll('/', '-');
    const count = runsFor(floors[route.path], runsOption);
    const runs = [];
    for (let n = 1; n <= count; n++) {
      const { lhr, trace, ...scores } = await audit(
        `${origin}${route.path}`,
        chrome.port,
        cookies[route.as],
      );
      runs.push(scores);
      const file = `lighthouse-${name}${count > 1 ? `-${n}` : ''}`;
      mkdirSync(path.dirname(options.out), { recursive: true });
      if (options.full) {
        writeFileSync(path.join(path.dirname(options.out), `${file}.json`), JSON.stringify(lhr));
      }
      if (options.traces && trace) {
        writeFileSync(
          path.join(path.dirname(options.out), `${file}.trace.json`),
          JSON.stringify(trace),
        );
      }
      if (count > 1) {
        console.log(
          `${route.path} run ${n}: performance ${scores.performance}, TBT ${scores.tbtMs} ms`,
        );
      }
    }
    rows.push({ route: route.path, signedInAs: route.as, ...summariseRuns(runs), runs });
    console.log(`audited ${route.path}`);
  };
  // Routes whose performance is only reported share every CPU with the harness. A renderer held
  // to one CPU often leaves Chrome's trace recording waiting 5 s for its flush, about a minute
  // over the whole report, which only the judged routes are worth (decision 125).
  const byPath = (list) => routes.filter((r) => list.includes(r.path));
  if (plain.length) {
    chrome = await launchChrome();
    for (const route of byPath(plain)) await auditRoute(route);
    await chrome.kill();
    chrome = undefined;
  }
  if (isolated.length) {
    // Whatever is still winding down (the site's build, the plain routes' Chrome, anything the
    // command ran before) must not land in a judged run's trace: wait, at most 30 s, for the
    // CPUs to be mostly idle.
    const waited = await quietCpus();
    if (waited !== undefined) console.log(`waited ${waited} s for quiet CPUs`);
    // This script and the service move to the harness's CPUs once; the Chrome started next, and
    // every process it starts except the renderers, inherits them (decision 124).
    if (cpus) pin([process.pid, service.pid], cpus.harnessCpus);
    chrome = await launchChrome(cpus?.rendererCpu);
    for (const route of byPath(isolated)) await auditRoute(route);
  }
  rows.sort(
    (a, b) =>
      routes.findIndex((r) => r.path === a.route) - routes.findIndex((r) => r.path === b.route),
  );
  console.table(
    rows.map((r) => ({
      route: r.route,
      perf:
        r.runs.length > 1 ? `${r.performance} (${r.performanceRuns.join(', ')})` : r.performance,
      a11y: r.accessibility,
      'best pr.': r.bestPractices,
      seo: r.seo,
      'LCP s': Number.isNaN(r.lcpMs)
        ? `none: ${(r.lcpError ?? '').slice(0, 40)}`
        : (r.lcpMs / 1000).toFixed(1),
      'TBT ms': r.tbtMs,
      CLS: r.cls,
    })),
  );
  mkdirSync(path.dirname(options.out), { recursive: true });
  writeFileSync(options.out, `${JSON.stringify({ origin, rows }, null, 2)}\n`);
  console.log(`written ${path.relative(process.cwd(), options.out)}`);
  if (options.check) {
    const fallen = lighthouseShortfalls(rows, floors, options.check);
    if (fallen.length > 0) {
      console.error(`Lighthouse check against ${options.check} failed:\n  ${fallen.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log(
        `Lighthouse: every route has an LCP; accessibility, best practices, SEO and the performance floors (median of the runs) at or above ${options.check}`,
      );
    }
  }
} finally {
  await chrome?.kill();
  // The service stops gracefully on SIGTERM (server.ts); a stuck one is killed after 15 s.
  const stopped = new Promise((r) => service.once('exit', r));
  service.kill('SIGTERM');
  const force = setTimeout(() => service.kill('SIGKILL'), 15_000);
  await stopped;
  clearTimeout(force);
  rmSync(dataDir, { recursive: true, force: true });
}
