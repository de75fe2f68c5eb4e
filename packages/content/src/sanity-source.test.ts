import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { evaluate, parse } from 'groq-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentConfigFromEnv, defaultSeedPath, type SanityContentConfig } from './config.ts';
import { createContentLoader } from './loader.ts';
import { readSeedDataset } from './seed-source.ts';

const DATASET = 'production';
const API_VERSION = '2025-02-19';

/**
 * A stand-in for the Content Lake query endpoint (GET /v{version}/data/query/{dataset}),
 * answering with groq-js over the seed, so the real @sanity/client and the real query
 * strings go through HTTP exactly as they would against sanity.io.
 */
function startContentLake(): Promise<{ server: Server; apiHost: string; requests: URL[] }> {
  const requests: URL[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const match = /^\/v[\w-]+\/data\/query\/([\w-]+)$/.exec(url.pathname);
    const query = url.searchParams.get('query');
    if (req.method !== 'GET' || !match || match[1] !== DATASET || query === null) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Not found', statusCode: 404 }));
      return;
    }
    // The client sends each param as `$name=<JSON value>`.
    const params: Record<string, unknown> = {};
    for (const [name, value] of url.searchParams) {
      if (name.startsWith('$')) params[name.slice(1)] = JSON.parse(value);
    }
    try {
      const dataset = await readSeedDataset(defaultSeedPath());
      const result = await (await evaluate(parse(query, { params }), { dataset, params })).get();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ query, result, ms: 1 }));
    } catch (error) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { description: String(error) }, statusCode: 400 }));
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, apiHost: `http://127.0.0.1:${port}`, requests });
    });
  });
}

describe('content loader through @sanity/client', () => {
  let lake: Awaited<ReturnType<typeof startContentLake>>;
  let config: SanityContentConfig;

  beforeAll(async () => {
    lake = await startContentLake();
    const fromEnv = contentConfigFromEnv({ SANITY_PROJECT_ID: 'test1234' });
    if (fromEnv.source !== 'sanity') throw new Error('expected the Sanity source');
    config = { ...fromEnv, apiHost: lake.apiHost, useProjectHostname: false, useCdn: false };
  });
  afterAll(() => new Promise<void>((done) => lake.server.close(() => done())));

  it('runs every query and gets the same validated content as from the seed', async () => {
    const viaSanity = createContentLoader(config);
    const viaSeed = createContentLoader(contentConfigFromEnv({}));
    const read = (loader: typeof viaSeed) =>
      Promise.all([
        loader.siteSettings(),
        loader.pricing(),
        loader.subjects(),
        loader.courses(),
        loader.timetable(),
        loader.terms(),
        loader.courseTimelines(),
        loader.courseTimeline('gcse-higher'),
        loader.reviews(),
        loader.faq(),
        loader.faqPage(),
        loader.teachers(),
        loader.aboutPage(),
        loader.homePage(),
        loader.servicesPage(),
        loader.mathematicsPage(),
        loader.courseTimelinePage(),
        loader.reviewsPage(),
        loader.contactPage(),
        loader.legalPage('terms-and-conditions'),
        loader.legalPage('privacy-policy'),
      ]);
    const fromSanity = await read(viaSanity);
    expect(fromSanity).toEqual(await read(viaSeed));
    expect(fromSanity[4]).toHaveLength(15);
    expect(fromSanity[5]).toHaveLength(6);
  });

  it('asks for published content of the configured dataset and API version', async () => {
    lake.requests.length = 0;
    await createContentLoader(config).courseTimeline('ks3');
    const [request] = lake.requests;
    expect(request?.pathname).toBe(`/v${API_VERSION}/data/query/${DATASET}`);
    expect(request?.searchParams.get('perspective')).toBe('published');
    expect(request?.searchParams.get('$id')).toBe('"ks3"');
  });

  it('fails with the server error when a query cannot be answered', async () => {
    const wrongDataset = createContentLoader({ ...config, dataset: 'staging' });
    await expect(wrongDataset.pricing()).rejects.toThrow(/Not found|404/);
  });
});
