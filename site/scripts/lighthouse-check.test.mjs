// The Lighthouse report's pass/fail rules (decision 068), run by the site's vitest.
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { lighthouseShortfalls, mainFrameLcpCandidates } from './lighthouse-check.mjs';

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
