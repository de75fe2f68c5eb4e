import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { evaluate, parse } from 'groq-js';
import type { ContentSource } from './content-source.ts';

interface SeedDocument {
  _id: string;
  _type: string;
  [field: string]: unknown;
}

/** Sanity exports may carry drafts and release versions; only published content is shown. */
const isPublished = (doc: SeedDocument) =>
  !doc._id.startsWith('drafts.') && !doc._id.startsWith('versions.');

async function seedFiles(seedPath: string): Promise<string[]> {
  if (!(await stat(seedPath)).isDirectory()) return [seedPath];
  const names = (await readdir(seedPath)).filter((name) => name.endsWith('.ndjson')).sort();
  if (names.length === 0) throw new Error(`No .ndjson files in the seed directory ${seedPath}`);
  return names.map((name) => join(seedPath, name));
}

function parseNdjson(text: string, file: string): SeedDocument[] {
  return text.split('\n').flatMap((line, index) => {
    if (line.trim() === '') return [];
    let doc: Partial<SeedDocument> | null;
    try {
      doc = JSON.parse(line);
    } catch (error) {
      throw new Error(`${file} line ${index + 1} is not valid JSON: ${(error as Error).message}`);
    }
    if (typeof doc?._id !== 'string' || typeof doc._type !== 'string') {
      throw new Error(`${file} line ${index + 1} has no string _id and _type`);
    }
    return [doc as SeedDocument];
  });
}

/** Reads every document of the seed dataset, published ones only. */
export async function readSeedDataset(seedPath: string): Promise<SeedDocument[]> {
  const files = await seedFiles(seedPath);
  const texts = await Promise.all(files.map((file) => readFile(file, 'utf8')));
  return texts.flatMap((text, index) => parseNdjson(text, files[index]!)).filter(isPublished);
}

/**
 * Evaluates GROQ over the seed dataset with groq-js, the reference implementation Sanity
 * publishes. The files are read on every query so edits show up without a restart; callers
 * that want fewer reads use the loader's cache.
 */
export function createSeedSource(seedPath: string): ContentSource {
  return {
    description: `seed dataset ${seedPath}`,
    async fetch(query, params = {}) {
      const dataset = await readSeedDataset(seedPath);
      const result = await evaluate(parse(query, { params }), { dataset, params });
      return result.get();
    },
  };
}
