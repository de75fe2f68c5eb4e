// The judging half of report-lighthouse.mjs, kept free of side effects so that its rules are
// tested (lighthouse-check.test.mjs): did Chrome report a Largest Contentful Paint, how several
// runs of one route make one row, and which routes fall short of the baseline file (decisions
// 068 and 119).

/**
 * How many Largest Contentful Paint candidates Chrome recorded for the page's main frame in a
 * Lighthouse trace. None means a real visitor's browser reports no LCP either (Chrome stops
 * recording at the first scroll or input it counts as the visitor's). Lighthouse 13 hides that:
 * with no candidate it times LCP from Chrome's UKM "invalidate" event instead of failing with
 * NO_LCP, so the trace is read here rather than trusting the LCP audit's number.
 *
 * @param {ReadonlyArray<{ name: string, args?: { data?: { isOutermostMainFrame?: boolean, isMainFrame?: boolean } } }>} traceEvents
 * @returns {number}
 */
export function mainFrameLcpCandidates(traceEvents) {
  let count = 0;
  for (const event of traceEvents) {
    if (event.name !== 'largestContentfulPaint::Candidate') continue;
    const data = event.args?.data ?? {};
    // Older Chromes name only isMainFrame; either flag false means an iframe's candidate.
    if (data.isOutermostMainFrame === false || data.isMainFrame === false) continue;
    count++;
  }
  return count;
}

/** The middle value; the mean of the two middle ones for an even count. NaN for none. */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? /** @type {number} */ (sorted[mid])
    : /** @type {number} */ (sorted[mid - 1] + /** @type {number} */ (sorted[mid])) / 2;
}

/**
 * How many times `--check` runs a route: three when the baseline sets a performance floor for it
 * (its median is judged, decision 119), once otherwise; `--runs` overrides both.
 *
 * @param {{ performance?: number } | undefined} floor
 * @param {number | undefined} runsOption
 */
export function runsFor(floor, runsOption) {
  if (runsOption !== undefined) return runsOption;
  return floor?.performance === undefined ? 1 : 3;
}

/**
 * @typedef {object} LighthouseRun one Lighthouse run of a route
 * @property {number} performance
 * @property {number} accessibility
 * @property {number} bestPractices
 * @property {number} seo
 * @property {number} lcpMs NaN when no LCP was measured
 * @property {number} tbtMs
 * @property {number} cls
 * @property {string | null} lcpError
 */

/**
 * One row from several runs of a route. Performance, TBT, LCP and CLS are the runs' medians (one
 * run's performance on a shared machine says little, decision 119); the runs' own performance
 * scores are kept beside it. Accessibility, best practices and SEO are the lowest of the runs, and
 * a run without a Largest Contentful Paint leaves the row without one: neither is a matter of
 * luck, so no run may hide another (decision 068).
 *
 * @param {readonly LighthouseRun[]} runs at least one
 */
export function summariseRuns(runs) {
  const noLcp = runs.find((run) => !Number.isFinite(run.lcpMs));
  const lowest = (key) => Math.min(...runs.map((run) => run[key]));
  return {
    performance: median(runs.map((run) => run.performance)),
    performanceRuns: runs.map((run) => run.performance),
    accessibility: lowest('accessibility'),
    bestPractices: lowest('bestPractices'),
    seo: lowest('seo'),
    lcpMs: noLcp ? Number.NaN : median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    lcpError: noLcp ? noLcp.lcpError : null,
  };
}

/**
 * @typedef {object} LighthouseRow
 * @property {string} route
 * @property {number} accessibility
 * @property {number} bestPractices
 * @property {number} seo
 * @property {number} [performance] the median of `performanceRuns` when there were several
 * @property {readonly number[]} [performanceRuns] each run's performance score
 * @property {number | null} lcpMs NaN or null when no LCP was measured
 * @property {string | null} [lcpError] why not, when Lighthouse or the trace said
 */

/**
 * What makes `--check` fail, one line per problem naming the route: a route without a floor in
 * the baseline, a route without a Largest Contentful Paint (never retried away: a page that
 * reports none is broken for every visitor's monitoring, not a busy-machine glitch), an
 * accessibility, best-practices or SEO score below its floor, and a performance score below its
 * floor where the baseline sets one (/admin and /booking, judged on the median of their runs,
 * decision 119). Other routes' performance is only reported.
 *
 * @param {readonly LighthouseRow[]} rows
 * @param {Record<string, { accessibility: number, bestPractices: number, seo: number, performance?: number } | undefined>} floors
 * @param {string} baselineName the baseline file's name, for the messages
 * @returns {string[]}
 */
export function lighthouseShortfalls(rows, floors, baselineName) {
  const shortfalls = [];
  for (const row of rows) {
    if (row.lcpMs === null || !Number.isFinite(row.lcpMs)) {
      shortfalls.push(
        `${row.route}: no Largest Contentful Paint (${row.lcpError ?? 'NO_LCP'}); Chrome reports none for this page`,
      );
    }
    const floor = floors[row.route];
    if (!floor) {
      shortfalls.push(`${row.route}: no floor in ${baselineName}`);
      continue;
    }
    for (const key of /** @type {const} */ (['accessibility', 'bestPractices', 'seo'])) {
      if (row[key] < floor[key])
        shortfalls.push(`${row.route}: ${key} ${row[key]} < ${floor[key]}`);
    }
    if (floor.performance !== undefined) {
      const runs = row.performanceRuns ?? [];
      const performance = row.performance ?? Number.NaN;
      // NaN (no score at all) fails too.
      if (!(performance >= floor.performance)) {
        const of = runs.length > 1 ? ` (median of ${runs.length} runs: ${runs.join(', ')})` : '';
        shortfalls.push(`${row.route}: performance ${performance} < ${floor.performance}${of}`);
      }
    }
  }
  return shortfalls;
}

/**
 * Which CPUs the measured page's renderer and everything else get during a Lighthouse run
 * (decision 124). Lighthouse's simulated throttling multiplies the wall-clock length of every
 * main-thread task it observes by four. On a shared two-core machine the renderer's tasks were
 * four to six times longer on the wall than on its CPU (a 167 ms task held 25 ms of CPU): it was
 * waiting for the service, Lighthouse and Chrome's own browser and compositor processes, none of
 * which share a phone's CPU with the page. So the renderer gets the last CPU to itself and the
 * harness the others, as a phone gives the page a core. The renderer's own threads (compositor,
 * script streaming, raster) stay with it, so the page pays for all of its own work. With one CPU,
 * or without `taskset`, nothing is pinned (null).
 *
 * @param {number} cpuCount CPUs this process may use
 * @param {boolean} hasTaskset whether util-linux's taskset is on the PATH
 * @returns {{ rendererCpu: number, harnessCpus: string } | null}
 */
export function cpuPlan(cpuCount, hasTaskset) {
  if (!hasTaskset || !Number.isInteger(cpuCount) || cpuCount < 2) return null;
  const rendererCpu = cpuCount - 1;
  return { rendererCpu, harnessCpus: rendererCpu === 1 ? '0' : `0-${rendererCpu - 1}` };
}

/**
 * Which routes the report measures with the page's renderer on a CPU of its own (those whose
 * performance the baseline judges) and which in a plain browser (the rest: their performance is
 * only reported, and an isolated renderer costs each run Chrome's 5 s trace-flush wait; decision
 * 125).
 *
 * @param {string[]} paths
 * @param {Record<string, { performance?: number }>} floors
 * @returns {{ plain: string[], isolated: string[] }}
 */
export function placeRoutes(paths, floors) {
  const judged = (p) => floors[p]?.performance !== undefined;
  return { plain: paths.filter((p) => !judged(p)), isolated: paths.filter(judged) };
}
