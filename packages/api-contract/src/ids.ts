import { z } from 'zod';

/*
 * Every id the service hands out is a Postgres uuid. The one place that says what an id looks
 * like: route parameters take idParams, and code that meets an id from elsewhere (a provider's
 * reference, a stored value) asks isId before it reaches a uuid column, where Postgres would
 * refuse the query with a 500.
 */

/** A path parameter `id` naming one `what` ("session", "booking"): 400 naming it otherwise. */
export function idParams(what: string) {
  return z.object({ id: idSchema(`id must be a ${what} id.`) });
}

/** A uuid field whose refusal says `message`. */
export function idSchema(message: string) {
  return z.uuid({ error: message });
}

// Any 8-4-4-4-12 hex text, the shape Postgres accepts for a uuid (looser than idSchema, which
// also checks the version): what may be looked up without a 500.
const lookupable = z.guid();

/** Whether `text` can be looked up as an id (anything else names nothing of ours). */
export function isId(text: string): boolean {
  return lookupable.safeParse(text).success;
}
