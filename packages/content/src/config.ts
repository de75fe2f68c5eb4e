import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Read the local seed dataset (Sanity export NDJSON) with groq-js. */
export interface SeedContentConfig {
  source: 'seed';
  /** An .ndjson file, or a directory whose *.ndjson files are read together. */
  seedPath: string;
}

/** Read a Sanity project's published content through @sanity/client. */
export interface SanityContentConfig {
  source: 'sanity';
  projectId: string;
  dataset: string;
  apiVersion: string;
  /** Only needed for a private dataset. */
  token?: string;
  useCdn: boolean;
  /** For tests and proxies: e.g. 'http://127.0.0.1:4000' with useProjectHostname false. */
  apiHost?: string;
  useProjectHostname?: boolean;
}

export type ContentConfig = SeedContentConfig | SanityContentConfig;

export const DEFAULT_SANITY_API_VERSION = '2025-02-19';

const SEED_DIR_IN_REPO = join('studio', 'seed');

/**
 * The repo's studio/seed directory. Found relative to this module first; when a bundler has
 * moved the module (the site's build), from the working directory upwards instead.
 */
export function defaultSeedPath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const fromModule = resolve(here, '..', '..', '..', SEED_DIR_IN_REPO);
  if (existsSync(fromModule)) return fromModule;
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    const candidate = join(dir, SEED_DIR_IN_REPO);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return fromModule;
  }
}

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalString = z.preprocess(blankToUndefined, z.string().trim().optional());

const envSchema = z.object({
  SANITY_PROJECT_ID: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]+$/, { error: 'must be a Sanity project id (a-z, 0-9 and -)' })
      .optional(),
  ),
  SANITY_DATASET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, { error: 'must be a dataset name such as production' })
      .default('production'),
  ),
  SANITY_API_VERSION: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(?:\d{4}-\d{2}-\d{2}|v\d+|vX)$/, { error: 'must be a date like 2025-02-19' })
      .default(DEFAULT_SANITY_API_VERSION),
  ),
  SANITY_API_READ_TOKEN: optionalString,
  CONTENT_SEED_PATH: optionalString,
});

/**
 * Chooses the content source from environment variables: a Sanity project when
 * SANITY_PROJECT_ID is set, otherwise the local seed dataset. Pass the env object in
 * (`process.env` at the edge); nothing else in this package reads the environment.
 * A malformed value throws an error naming the variable.
 */
export function contentConfigFromEnv(env: Record<string, string | undefined>): ContentConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid content configuration: ${details.join('; ')}`);
  }
  const vars = parsed.data;
  if (vars.SANITY_PROJECT_ID === undefined) {
    return {
      source: 'seed',
      seedPath: vars.CONTENT_SEED_PATH ? resolve(vars.CONTENT_SEED_PATH) : defaultSeedPath(),
    };
  }
  return {
    source: 'sanity',
    projectId: vars.SANITY_PROJECT_ID,
    dataset: vars.SANITY_DATASET,
    apiVersion: vars.SANITY_API_VERSION,
    ...(vars.SANITY_API_READ_TOKEN ? { token: vars.SANITY_API_READ_TOKEN } : {}),
    useCdn: true,
  };
}
