import { createRoute, z } from '@hono/zod-openapi';
import type { DbHandle } from '../db/client.ts';
import { ServiceUnavailableError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { ProblemSchema } from '../http/openapi-schemas.ts';

/** A ping slower than this counts as down: a hung connection must not hang the probe. */
export const HEALTH_TIMEOUT_MS = 3_000;

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['health'],
  summary: 'Liveness and database reachability',
  responses: {
    200: {
      description: 'The service and its database answer',
      content: { 'application/json': { schema: z.object({ status: z.literal('ok') }) } },
    },
    503: {
      description: 'The database does not answer',
      content: { 'application/problem+json': { schema: ProblemSchema } },
    },
  },
});

export function createHealthRoutes(deps: { dbHandle: DbHandle }) {
  return createRouter().openapi(healthRoute, async (c) => {
    try {
      await withTimeout(deps.dbHandle.ping(), HEALTH_TIMEOUT_MS);
      return c.json({ status: 'ok' as const }, 200);
    } catch (error) {
      c.get('log').warn({ err: errorSummary(error) }, 'health check: database unreachable');
      throw new ServiceUnavailableError('The database is not reachable.');
    }
  });
}

function errorSummary(error: unknown) {
  return error instanceof Error ? { name: error.name, message: error.message } : String(error);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
