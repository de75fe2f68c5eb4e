// Where each test runner writes its per-file times when the README's test command runs, and
// how scripts/test-all.mjs reads them back to print the slowest files at the end. Outside that
// command (TEST_TIMINGS_DIR unset) the runners report as they always do.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = () => process.env.TEST_TIMINGS_DIR || undefined;

/**
 * vitest options that add a JSON report named `name` to the default reporter.
 * @param {string} name
 */
export function vitestTimings(name) {
  const at = dir();
  return at
    ? { reporters: ['default', 'json'], outputFile: { json: path.join(at, `${name}.vitest.json`) } }
    : {};
}

/**
 * Playwright's reporter list with a JSON report named `name` added when timings are asked for.
 * @param {string} name
 * @param {import('@playwright/test').ReporterDescription[]} reporters
 */
export function playwrightTimings(name, reporters) {
  const at = dir();
  return at
    ? [...reporters, ['json', { outputFile: path.join(at, `${name}.playwright.json`) }]]
    : reporters;
}

/**
 * Every test file's time in seconds from the reports in `at`, slowest first.
 * @param {string} at
 * @returns {{ file: string, seconds: number }[]}
 */
export function slowestFiles(at) {
  /** @type {Map<string, number>} */
  const times = new Map();
  const add = (file, ms) => times.set(file, (times.get(file) ?? 0) + ms / 1000);
  let names = [];
  try {
    names = readdirSync(at);
  } catch {
    return [];
  }
  for (const name of names) {
    let report;
    try {
      report = JSON.parse(readFileSync(path.join(at, name), 'utf8'));
    } catch {
      continue;
    }
    if (name.endsWith('.vitest.json')) {
      for (const result of report.testResults ?? []) {
        add(path.relative(process.cwd(), result.name), result.endTime - result.startTime);
      }
    } else if (name.endsWith('.playwright.json')) {
      const root = report.config?.rootDir ?? '';
      const walk = (suite) => {
        for (const spec of suite.specs ?? []) {
          for (const test of spec.tests ?? []) {
            for (const run of test.results ?? [])
              add(path.relative(process.cwd(), path.join(root, spec.file)), run.duration);
          }
        }
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const suite of report.suites ?? []) walk(suite);
    }
  }
  return [...times]
    .map(([file, seconds]) => ({ file, seconds }))
    .sort((a, b) => b.seconds - a.seconds);
}
