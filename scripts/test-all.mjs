// Runs every package's tests, mostly one after another (2 cores: suites that each fill both only
// fight for CPU; the stages below say which run side by side), plus the build checks CI must
// prove (studio build, site page-weight budget), and ends with one line of totals that CI reads:
// "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { slowestFiles } from './test-timings.mjs';

/** A step of the command; `counts` when its output has test counts to read. */
const step = (name, args, counts = true) => ({ name, args, counts });
const site = (script) => ['--filter', 'site', script];
const lighthouse = [
  ...site('report:lighthouse'),
  '--dist',
  '.e2e-dist',
  '--check',
  'lighthouse-baseline.json',
];

// Stages run one after another. A stage of lanes runs its lanes side by side, each lane's steps
// in order: the service's suites leave about a seventh of both cores idle (they wait on
// PostgreSQL and on time), which the Studio's CLI runs, the site's unit tests, static journeys
// and checks fill (decision 127). Lighthouse on the routes whose performance is only printed
// mostly waits on the page, so it has a lane of its own (decision 128). The site is built once,
// first: every later site step tests that build (decision 012). The Lighthouse routes whose
// performance is judged run straight after it, alone, on a machine nothing has loaded yet: run
// last, after the stack journeys, they twice met a machine still slowed by what those left
// behind (decision 129). The stack journeys run alone.
const stages = [
  [step('@tuition/domain', ['--filter', '@tuition/domain', 'test'])],
  [step('@tuition/content', ['--filter', '@tuition/content', 'test'])],
  [step('site build', site('test:build'), false)],
  // Accessibility, best practices and SEO may not fall below site/lighthouse-baseline.json on
  // any route; /admin and /booking are also judged on the median of three performance runs
  // (decision 119), with the page's renderer on a CPU of its own (decision 124).
  [step('site lighthouse', [...lighthouse, '--part', 'judged'], false)],
  {
    lanes: [
      [step('booking-service', ['--filter', 'booking-service', 'test'])],
      [
        step('studio', ['--filter', 'studio', 'test']),
        step('studio build', ['--filter', 'studio', 'build'], false),
        step('site unit', site('test:unit')),
        step('site journeys', site('test:e2e')),
        step('site page weight', [...site('report:weight'), '.e2e-dist'], false),
        // The W3C Nu HTML checker on the same build: no HTML errors on any page (needs Java).
        step('site html', [...site('check:html'), '.e2e-dist'], false),
      ],
      [
        // The other routes: their performance is printed, not judged.
        step(
          'site lighthouse, reported routes',
          [...lighthouse, '--part', 'reported', '--out', '../reports/lighthouse-reported.json'],
          false,
        ),
      ],
    ],
  },
  [step('site stack journeys', site('test:stack'))],
];

const only = process.argv.slice(2).filter((arg) => arg !== '--');
const chosen = (s) => !only.length || only.some((o) => s.name.includes(o));
const laneSets = stages
  .map((stage) => (Array.isArray(stage) ? [stage] : stage.lanes).map((lane) => lane.filter(chosen)))
  .map((lanes) => lanes.filter((lane) => lane.length))
  .filter((lanes) => lanes.length);

/** Reads vitest ("Tests  3 failed | 40 passed (43)") and Playwright ("  12 passed (30s)") summaries. */
export function countResults(output) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const lines = stripVTControlCharacters(output).split('\n');
  for (const line of lines) {
    // A suite that failed to load counts as a failure even when no test inside it ran.
    const files = line.match(/^\s*Test Files\s+(\d+) failed/);
    if (files) totals.failedFiles = (totals.failedFiles ?? 0) + Number(files[1]);
    const vitest = line.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/);
    if (vitest) {
      for (const [, n, kind] of vitest[1].matchAll(/(\d+)\s+(passed|failed|skipped|todo)/g)) {
        if (kind === 'todo') totals.skipped += Number(n);
        else totals[kind] += Number(n);
      }
      continue;
    }
    const pw = line.match(/^\s+(\d+)\s+(passed|failed|skipped|flaky|did not run)(\s+\(.*\))?\s*$/);
    if (pw) {
      // A flaky journey (failed, then passed on CI's retry) counts as passed and is named below.
      if (pw[2] === 'flaky') totals.flaky = (totals.flaky ?? 0) + Number(pw[1]);
      const kind = pw[2] === 'flaky' ? 'passed' : pw[2] === 'did not run' ? 'skipped' : pw[2];
      totals[kind] += Number(pw[1]);
    }
  }
  return totals;
}

/**
 * The failed and flaky tests a runner named in its output (vitest's "FAIL file > test", the
 * list under Playwright's "N failed" / "N flaky"), so that the end of the log says which.
 */
export function namedProblems(output) {
  const names = [];
  for (const line of stripVTControlCharacters(output).split('\n')) {
    if (/^\s*FAIL\s+\S.*>/.test(line) || /^\s{4}\[\w+\] › /.test(line)) names.push(line.trim());
  }
  return [...new Set(names)];
}

// Each runner writes its per-file times here (scripts/test-timings.mjs); the slowest are
// printed at the end, so a file that makes the command slow is named where everyone looks.
const timingsDir = path.resolve(import.meta.dirname, '../test-results/timings');

// Run through `pnpm test`, pnpm names itself in npm_execpath: each step starts that pnpm directly
// instead of asking npx to find it again (about 3 s a step; decision 121).
const pnpmEntry = /pnpm\.c?js$/.test(process.env.npm_execpath ?? '')
  ? process.env.npm_execpath
  : undefined;
const pnpmCommand = (args) =>
  pnpmEntry ? [process.execPath, [pnpmEntry, ...args]] : ['npx', ['-y', 'pnpm@10', ...args]];

/** Runs one step; its output goes to the terminal as it comes, or, when `quiet`, is only kept. */
function run(step, quiet = false) {
  return new Promise((resolve) => {
    const started = Date.now();
    const [command, args] = pnpmCommand(step.args);
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', TEST_TIMINGS_DIR: timingsDir },
    });
    let output = '';
    const relay = (stream, sink) =>
      stream.on('data', (chunk) => {
        output += chunk;
        if (!quiet) sink.write(chunk);
      });
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('close', (code) =>
      resolve({ code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

rmSync(timingsDir, { recursive: true, force: true });
const started = Date.now();
const summary = [];
/** The first lane's output is shown live; another lane's is printed whole as each step ends. */
async function runLane(lane, live) {
  for (const step of lane) {
    if (live) console.log(`\n=== ${step.name} ===`);
    const result = await run(step, !live);
    if (!live)
      process.stdout.write(`\n=== ${step.name} (beside the step above) ===\n${result.output}`);
    record(step, result);
  }
}
function record(step, result) {
  const counts = step.counts === false ? null : countResults(result.output);
  // Never trust an exit code alone (a library's exit hook once turned a red run into exit 0):
  // reported failures fail the step, and a runner that failed without naming a failed test
  // still counts as one failure.
  if (counts && counts.failed === 0 && counts.failedFiles) counts.failed = counts.failedFiles;
  if (counts && counts.failed > 0) result.code ||= 1;
  if (counts && result.code !== 0 && counts.failed === 0) counts.failed = 1;
  summary.push({ step, result, counts });
}
for (const lanes of laneSets) {
  await Promise.all(lanes.map((lane, i) => runLane(lane, i === 0)));
}
// The summary lists the steps in the order they are declared, whichever finished first.
const declared = laneSets.flat(2);
summary.sort((a, b) => declared.indexOf(a.step) - declared.indexOf(b.step));

const problems = summary.flatMap(({ step, result }) =>
  namedProblems(result.output).map((name) => `${step.name}: ${name}`),
);
if (problems.length) {
  console.log('\n=== failed or flaky tests ===');
  for (const name of problems.slice(0, 30)) console.log(name);
}

const slowest = slowestFiles(timingsDir).slice(0, 10);
if (slowest.length) {
  console.log('\n=== slowest test files (seconds in the file, summed over its tries) ===');
  for (const { file, seconds } of slowest) console.log(`${seconds.toFixed(0).padStart(5)} ${file}`);
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\n=== summary ===');
for (const { step, result, counts } of summary) {
  const status = result.code === 0 ? 'ok  ' : 'FAIL';
  const detail = counts
    ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${counts.flaky ? ` (${counts.flaky} flaky)` : ''}`
    : result.code === 0
      ? 'check passed'
      : 'check failed';
  console.log(`${status} ${step.name.padEnd(20)} ${detail} (${result.seconds.toFixed(0)} s)`);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
  } else if (result.code !== 0) {
    failed += 1;
  }
}
const anyFailed = summary.some(({ result }) => result.code !== 0);
console.log(`total time: ${((Date.now() - started) / 60_000).toFixed(1)} min`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(anyFailed ? 1 : 0);
