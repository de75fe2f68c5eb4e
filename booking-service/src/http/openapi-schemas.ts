import { ProblemSchema } from '@tuition/api-contract';
import type { z } from 'zod';

/*
 * The route files' shorthand for the OpenAPI document. Every schema comes from
 * @tuition/api-contract; these only wrap them in responses.
 */

/** A problem+json error response (RFC 9457 body, the contract's ProblemSchema). */
export const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

/** A JSON response with the contract's schema. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body with the contract's schema. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** A JSON body a client may leave out (an older client posts nothing): its fields are optional. */
export const optionalJsonBody = <T extends z.ZodType>(schema: T) => ({
  required: false,
  content: { 'application/json': { schema } },
});

/** Any route with input: zod's or the input hygiene's 400, `errors` naming each field. */
export const invalidInput = (description = 'Invalid input; `errors` names each field') =>
  problemResponse(description);
