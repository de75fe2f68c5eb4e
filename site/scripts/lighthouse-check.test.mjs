// The Lighthouse report's pass/fail rules (decision 068), run by the site's vitest.
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  cpuPlan,
  lighthouseShortfalls,
  mainFrameLcpCandidates,
  median,
  placeRoutes,
  runsFor,
  summariseRuns,
} from './lighthouse-check.mjs';

const floors = {
  '/': { accessibility: 100, bestPractices: 100, seo: 100 },
  '/admin': { accessibility: 100, bestPractices: 100, seo: 66 },
};
const row = (route, extra = {}) => ({
  route,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1200,
  lcpError: null,
  ...extra,
});

describe('lighthouseShortfalls', () => {
  it('passes routes with an LCP and scores at their floors', () => {
    assert.deepEqual(
      lighthouseShortfalls([row('/'), row('/admin', { seo: 66 })], floors, 'b.json'),
      [],
    );
  });

  it('fails a route without a Largest Contentful Paint, naming the route and the reason', () => {
    const shortfalls = lighthouseShortfalls(
      [row('/', { lcpMs: Number.NaN, lcpError: 'NO_LCP: no candidate' }), row('/admin')],
      floors,
      'b.json',
    );
    assert.equal(shortfalls.length, 1);
    assert.match(shortfalls[0] ?? '', /^\/: no Largest Contentful Paint \(NO_LCP: no candidate\)/);
  });

  it('fails a route whose LCP was written out as null (NaN in JSON)', () => {
    const [shortfall] = lighthouseShortfalls(
      [row('/admin', { lcpMs: null, seo: 66 })],
      floors,
      'b.json',
    );
    assert.match(shortfall ?? '', /^\/admin: no Largest Contentful Paint \(NO_LCP\)/);
  });

  it('fails a score below its floor and a route the baseline does not name', () => {
    assert.deepEqual(lighthouseShortfalls([row('/', { seo: 92 }), row('/new')], floors, 'b.json'), [
      '/: seo 92 < 100',
      '/new: no floor in b.json',
    ]);
  });
});

describe('the performance floor of /admin and /booking (decision 119)', () => {
  const withFloor = {
    ...floors,
    '/admin': { accessibility: 100, bestPractices: 100, seo: 66, performance: 95 },
  };
  const run = (performance, extra = {}) => ({
    performance,
    accessibility: 100,
    bestPractices: 100,
    seo: 66,
    lcpMs: 1200,
    tbtMs: 100,
    cls: 0,
    lcpError: null,
    ...extra,
  });
  const admin = (...scores) => ({ route: '/admin', ...summariseRuns(scores.map((p) => run(p))) });

  it('takes the median of the runs, so one slow run does not fail the route', () => {
    assert.deepEqual(lighthouseShortfalls([admin(97, 83, 96)], withFloor, 'b.json'), []);
  });

  it('fails a median below the floor, naming the score, the floor and every run', () => {
    assert.deepEqual(lighthouseShortfalls([admin(99, 94, 90)], withFloor, 'b.json'), [
      '/admin: performance 94 < 95 (median of 3 runs: 99, 94, 90)',
    ]);
  });

  it('passes a median exactly at the floor', () => {
    assert.deepEqual(lighthouseShortfalls([admin(95, 80, 100)], withFloor, 'b.json'), []);
  });

  it('fails a route with a floor but no performance score', () => {
    const [shortfall] = lighthouseShortfalls([row('/admin', { seo: 66 })], withFloor, 'b.json');
    assert.equal(shortfall, '/admin: performance NaN < 95');
  });

  it('only reports the performance of a route without a floor', () => {
    assert.deepEqual(
      lighthouseShortfalls([row('/', { performance: 40 })], withFloor, 'b.json'),
      [],
    );
  });

  it('runs a route with a performance floor three times, others once, unless told', () => {
    assert.equal(runsFor(withFloor['/admin'], undefined), 3);
    assert.equal(runsFor(withFloor['/'], undefined), 1);
    assert.equal(runsFor(undefined, undefined), 1);
    assert.equal(runsFor(withFloor['/'], 5), 5);
  });

  it('keeps the lowest accessibility and any missing LCP of the runs', () => {
    const summary = summariseRuns([
      run(99),
      run(98, { accessibility: 92 }),
      run(97, { lcpMs: Number.NaN, lcpError: 'NO_LCP: no candidate' }),
    ]);
    assert.equal(summary.accessibility, 92);
    assert.ok(Number.isNaN(summary.lcpMs));
    assert.equal(summary.lcpError, 'NO_LCP: no candidate');
    assert.equal(summary.performance, 98);
  });

  it('medians an even count as the mean of the middle two and skips NaN', () => {
    assert.equal(median([3, 1, 4, 2]), 2.5);
    assert.equal(median([90, Number.NaN, 96]), 93);
    assert.ok(Number.isNaN(median([])));
  });
});

describe('mainFrameLcpCandidates', () => {
  const candidate = (data) => ({ name: 'largestContentfulPaint::Candidate', args: { data } });

  it('counts the main frame candidates only', () => {
    const events = [
      { name: 'firstContentfulPaint', args: {} },
      candidate({ isMainFrame: true, isOutermostMainFrame: true }),
      candidate({ isMainFrame: false, isOutermostMainFrame: false }),
      candidate({ isMainFrame: true }),
    ];
    assert.equal(mainFrameLcpCandidates(events), 2);
  });

  it('finds none in a trace where Chrome stopped recording before the first candidate', () => {
    // What the home page's trace held: the UKM invalidations Lighthouse 13 falls back to, no candidate.
    const events = [
      { name: 'NavStartToLargestContentfulPaint::Invalidate::AllFrames::UKM', args: {} },
      { name: 'PaintTimingDetector::NotifyScroll', args: { type: 'compositor' } },
    ];
    assert.equal(mainFrameLcpCandidates(events), 0);
  });
});

describe('cpuPlan', () => {
  it('gives the renderer the last CPU and the harness the rest', () => {
    assert.deepEqual(cpuPlan(2, true), { rendererCpu: 1, harnessCpus: '0' });
    assert.deepEqual(cpuPlan(8, true), { rendererCpu: 7, harnessCpus: '0-6' });
  });

  it('pins nothing on one CPU or without taskset', () => {
    assert.equal(cpuPlan(1, true), null);
    assert.equal(cpuPlan(4, false), null);
  });
});

describe('placeRoutes', () => {
  it('isolates the routes whose performance is judged and leaves the rest plain', () => {
    assert.deepEqual(
      placeRoutes(['/', '/booking', '/about', '/admin'], {
        '/': { accessibility: 100 },
        '/booking': { performance: 90 },
        '/admin': { seo: 66, performance: 95 },
      }),
      { plain: ['/', '/about'], isolated: ['/booking', '/admin'] },
    );
  });

  it('isolates nothing when the baseline judges no performance', () => {
    assert.deepEqual(placeRoutes(['/', '/admin'], {}), { plain: ['/', '/admin'], isolated: [] });
  });
});
