// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SITE_URL_DEFAULT, siteOrigin } from './site-url.ts';

describe('siteOrigin', () => {
  it('builds a local site at the default origin when SITE_URL is unset or empty', () => {
    expect(siteOrigin(undefined)).toBe(SITE_URL_DEFAULT);
    expect(siteOrigin('  ')).toBe(SITE_URL_DEFAULT);
  });

  it('takes an http(s) origin, with or without a trailing slash', () => {
    expect(siteOrigin('https://www.example.co.uk')).toBe('https://www.example.co.uk');
    expect(siteOrigin('https://www.example.co.uk/')).toBe('https://www.example.co.uk');
    expect(siteOrigin('http://localhost:8787')).toBe('http://localhost:8787');
  });

  it.each([
    'www.example.co.uk',
    'localhost:4321',
    'ftp://example.org',
    'https://example.org/shop',
    'https://example.org/?ref=1',
    'https://user:secret@example.org',
  ])('refuses %s, naming SITE_URL', (value) => {
    expect(() => siteOrigin(value)).toThrow(/^SITE_URL must be the site's public origin/);
  });
});
