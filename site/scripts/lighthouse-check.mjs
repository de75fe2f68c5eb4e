// The judging half of report-lighthouse.mjs, kept free of side effects so that its rules are
// tested (lighthouse-check.test.mjs): did Chrome report a Largest Contentful Paint, and which
// routes fall short of the baseline file (decision 068).

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

/**
 * @typedef {object} LighthouseRow
 * @property {string} route
 * @property {number} accessibility
 * @property {number} bestPractices
 * @property {number} seo
 * @property {number | null} lcpMs NaN or null when no LCP was measured
 * @property {string | null} [lcpError] why not, when Lighthouse or the trace said
 */

/**
 * What makes `--check` fail, one line per problem naming the route: a route without a floor in
 * the baseline, a route without a Largest Contentful Paint (never retried away: a page that
 * reports none is broken for every visitor's monitoring, not a busy-machine glitch), and an
 * accessibility, best-practices or SEO score below its floor. Performance scores are not judged:
 * on a shared two-core machine they move by several points from run to run.
 *
 * @param {readonly LighthouseRow[]} rows
 * @param {Record<string, { accessibility: number, bestPractices: number, seo: number } | undefined>} floors
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
  }
  return shortfalls;
}
