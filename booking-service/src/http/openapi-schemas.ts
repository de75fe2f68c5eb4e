import { z } from '@hono/zod-openapi';

/** RFC 9457 problem body, for routes' error responses in the OpenAPI document. */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    code: z.string().optional(),
    slots: z.array(z.unknown()).optional(),
  })
  .openapi('Problem');
