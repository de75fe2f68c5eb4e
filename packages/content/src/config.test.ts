import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentConfigFromEnv, DEFAULT_SANITY_API_VERSION, defaultSeedPath } from './config.ts';

describe('contentConfigFromEnv', () => {
  it('uses the seed dataset in studio/seed when no Sanity project is set', () => {
    const config = contentConfigFromEnv({});
    expect(config).toEqual({ source: 'seed', seedPath: defaultSeedPath() });
    expect(existsSync(join(defaultSeedPath(), 'production.ndjson'))).toBe(true);
  });

  it('treats an empty SANITY_PROJECT_ID as unset', () => {
    expect(contentConfigFromEnv({ SANITY_PROJECT_ID: '' }).source).toBe('seed');
  });

  it('reads the seed from CONTENT_SEED_PATH when given', () => {
    expect(contentConfigFromEnv({ CONTENT_SEED_PATH: 'fixtures/seed.ndjson' })).toEqual({
      source: 'seed',
      seedPath: resolve('fixtures/seed.ndjson'),
    });
  });

  it('reads a Sanity project with the production dataset and CDN by default', () => {
    expect(contentConfigFromEnv({ SANITY_PROJECT_ID: 'abc123' })).toEqual({
      source: 'sanity',
      projectId: 'abc123',
      dataset: 'production',
      apiVersion: DEFAULT_SANITY_API_VERSION,
      useCdn: true,
    });
  });

  it('passes the dataset, API version and read token through', () => {
    expect(
      contentConfigFromEnv({
        SANITY_PROJECT_ID: 'abc123',
        SANITY_DATASET: 'staging',
        SANITY_API_VERSION: '2026-01-01',
        SANITY_API_READ_TOKEN: 'sk-secret',
      }),
    ).toMatchObject({ dataset: 'staging', apiVersion: '2026-01-01', token: 'sk-secret' });
  });

  it('names the variable that is malformed', () => {
    expect(() => contentConfigFromEnv({ SANITY_PROJECT_ID: 'My Project' })).toThrow(
      /SANITY_PROJECT_ID/,
    );
    expect(() =>
      contentConfigFromEnv({ SANITY_PROJECT_ID: 'abc123', SANITY_API_VERSION: 'latest' }),
    ).toThrow(/SANITY_API_VERSION/);
  });
});
