import type { z } from 'zod';

/**
 * A response's JSON body parsed with the API contract's schema: the test gets the contract's
 * type, and fails (naming the field) when the service answers outside its own contract.
 */
export async function contractBody<S extends z.ZodType>(
  response: Response,
  schema: S,
): Promise<z.output<S>> {
  return schema.parse(await response.json());
}
