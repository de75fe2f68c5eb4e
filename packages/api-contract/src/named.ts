import { z } from 'zod';

/**
 * Gives a schema its name in the OpenAPI document (components.schemas) through zod's own
 * metadata, `.meta({ id })`, which @hono/zod-openapi reads: the contract needs no OpenAPI
 * library, so the browser bundle carries none.
 *
 * zod refuses a second schema with an id already in its global registry. A module evaluated
 * again in the same realm (Vite's hot reload, a test runner's fresh module graph) would trip
 * that, so the earlier registration of the same name is dropped first.
 */
export function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  const earlier = z.globalRegistry._idmap.get(id);
  if (earlier) z.globalRegistry.remove(earlier);
  return schema.meta({ id, ...(description ? { description } : {}) }) as T;
}

/** An ISO 8601 instant in UTC, as every time in the API is written. */
export const isoInstant = z.string().meta({ description: 'ISO instant, UTC' });

/** A London calendar date, YYYY-MM-DD. */
export const londonDate = z.string().meta({ description: 'London date YYYY-MM-DD' });

/** A band label as the customer sees it. */
export const bandLabel = z.string().meta({ description: 'Band label', examples: ['5-6pm'] });

export const pence = z.number().int();
export const count = z.number().int();
