// Every page's head: title pattern, description, social tags, canonical link and JSON-LD.
// The head is static HTML, so these checks read the served pages without a browser.
import { expect, type APIRequestContext, test } from '@playwright/test';
import { PRIVATE_PATH_PREFIXES } from '../src/lib/indexing.ts';
import { content, contentRoutes, SITE_URL } from './seed.ts';

const routes = await contentRoutes();

const decode = (text: string) =>
  text
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');

async function headOf(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const attribute = (tag: string | undefined, name: string) =>
    tag?.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  const meta = (key: string) =>
    decode(
      attribute(
        head.match(new RegExp(`<meta[^>]*(?:name|property)="${key}"[^>]*>`))?.[0],
        'content',
      ) ?? '',
    );
  return {
    title: decode(head.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''),
    meta,
    canonical: attribute(head.match(/<link[^>]*rel="canonical"[^>]*>/)?.[0], 'href'),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    ),
  };
}

test('every page has its title, description, social tags, canonical link and organisation data', async ({
  request,
}) => {
  const settings = await content.siteSettings();
  expect(settings.seo.titleSuffix).toContain(`${settings.brandName} Education`);
  for (const path of routes) {
    const head = await headOf(request, path);
    if (path === '/') {
      expect(head.title).toBe(`${settings.seo.titleSuffix} | ${settings.seo.homeTitlePhrase}`);
    } else {
      expect(head.title, path).toMatch(new RegExp(`^.+ \\| ${settings.seo.titleSuffix}$`));
    }
    const description = head.meta('description');
    expect(description.length, path).toBeGreaterThan(40);
    expect(head.meta('og:title'), path).toBe(head.title);
    expect(head.meta('og:description'), path).toBe(description);
    expect(head.meta('twitter:title'), path).toBe(head.title);
    expect(head.meta('twitter:description'), path).toBe(description);
    expect(head.canonical, path).toBe(new URL(path, SITE_URL).href);
    expect(
      head.jsonLd.map((data) => data['@type']),
      path,
    ).toContain('EducationalOrganization');
  }
});

test('page titles are unique', async ({ request }) => {
  const titles = await Promise.all(routes.map(async (path) => (await headOf(request, path)).title));
  expect(new Set(titles).size).toBe(titles.length);
});

test('the organisation data carries contact details and opening hours', async ({ request }) => {
  const settings = await content.siteSettings();
  const { jsonLd } = await headOf(request, '/');
  const organization = jsonLd.find((d) => d['@type'] === 'EducationalOrganization');
  expect(organization).toMatchObject({
    email: settings.contactEmail,
    telephone: settings.contactPhone,
  });
  expect(organization?.openingHoursSpecification).toHaveLength(settings.openingHours.length);
});

test('the home page describes its FAQ and the maths page its courses', async ({ request }) => {
  const [faq, courses] = await Promise.all([content.faq(), content.courses()]);
  const home = await headOf(request, '/');
  const faqPage = home.jsonLd.find((d) => d['@type'] === 'FAQPage');
  expect(faqPage?.mainEntity).toHaveLength(faq.length);

  const maths = await headOf(request, '/services/mathematics');
  const names = maths.jsonLd.filter((d) => d['@type'] === 'Course').map((d) => d.name);
  expect(names).toEqual(courses.map((course) => course.title));
});

test('robots.txt points at the sitemap, which lists the marketing pages and no private ones', async ({
  request,
}) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${new URL('/sitemap.xml', SITE_URL).href}`);
  expect(robots).toContain('Disallow: /admin');

  const index = await (await request.get('/sitemap.xml')).text();
  const sitemapUrls = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(sitemapUrls.length).toBeGreaterThan(0);
  const listed: string[] = [];
  for (const url of sitemapUrls) {
    const body = await (await request.get(new URL(url).pathname)).text();
    listed.push(...[...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname));
  }
  for (const path of routes) expect(listed).toContain(path);
  expect(listed).not.toContain('/404');
  for (const path of listed) {
    expect(
      PRIVATE_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)),
      path,
    ).toBe(false);
  }
});
