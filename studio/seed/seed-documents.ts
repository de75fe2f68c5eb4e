import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A document as it appears in a Sanity NDJSON export: at least an id and a type. */
export interface SeedDocument {
  _id: string;
  _type: string;
  [field: string]: unknown;
}

export const SEED_FILE = fileURLToPath(new URL('./production.ndjson', import.meta.url));

/** Parses NDJSON text (one document per line, blank lines ignored), naming a bad line. */
export function parseNdjson(text: string, source = 'NDJSON'): SeedDocument[] {
  return text.split('\n').flatMap((line, index) => {
    if (line.trim() === '') return [];
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`${source} line ${index + 1} is not valid JSON: ${(error as Error).message}`);
    }
    const doc = value as Partial<SeedDocument> | null;
    if (typeof doc?._id !== 'string' || typeof doc._type !== 'string') {
      throw new Error(`${source} line ${index + 1} has no string _id and _type`);
    }
    return [doc as SeedDocument];
  });
}

export function readSeedDocuments(file = SEED_FILE): SeedDocument[] {
  return parseNdjson(readFileSync(file, 'utf8'), file);
}
