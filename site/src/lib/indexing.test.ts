// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isIndexable, robotsTxt } from './indexing.ts';

describe('isIndexable', () => {
  it('keeps the marketing pages in the sitemap', () => {
    expect(isIndexable('https://example.co.uk/')).toBe(true);
    expect(isIndexable('https://example.co.uk/services/mathematics/')).toBe(true);
    expect(isIndexable('/course-timeline/gcse-higher')).toBe(true);
    expect(isIndexable('/booking')).toBe(true);
  });

  it('leaves out the not-found page and signed-in pages', () => {
    expect(isIndexable('https://example.co.uk/404/')).toBe(false);
    expect(isIndexable('/admin/users/42')).toBe(false);
    expect(isIndexable('/my-account')).toBe(false);
    expect(isIndexable('/reset-password-token')).toBe(false);
  });

  it('does not confuse a prefix with a longer word', () => {
    expect(isIndexable('/administration-fees')).toBe(true);
  });
});

describe('robotsTxt', () => {
  it('points crawlers at the sitemap and away from account pages', () => {
    const text = robotsTxt('https://example.co.uk/sitemap-index.xml');
    expect(text).toContain('Sitemap: https://example.co.uk/sitemap-index.xml');
    expect(text).toContain('Disallow: /admin');
    expect(text).toMatch(/^User-agent: \*/);
  });
});
