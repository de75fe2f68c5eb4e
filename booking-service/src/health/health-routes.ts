import { createRoute } from '@hono/zod-openapi';
import { HealthSchema } from '@tuition/api-contract';
import type { DbHandle } from '../db/client.ts';
import { ServiceUnavailableError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { jsonResponse, problemResponse } from '../http/openapi-schemas.ts';

/** A ping slower than this counts as down: a hung connection must not hang the probe. */
export const HEALTH_TIMEOUT_MS = 3_000;

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  operationId: 'getHealth',
  tags: ['health'],
  summary: 'Liveness and database reachability',
  security: [],
  responses: {
    200: jsonResponse(HealthSchema, 'The service and its database answer'),
    400: problemResponse('Control characters or bad encoding in the query'),
    503: problemResponse('The database does not answer, or the instance is shutting down'),
  },
});

/** The 503 detail once the instance has been asked to stop and is finishing its requests. */
export const DRAINING_DETAIL = 'This instance is shutting down.';

export interface HealthDeps {
  dbHandle: DbHandle;
  /**
   * True once the process has been asked to stop (server.ts): the check then answers 503 so a
   * load balancer sends nothing new here while in-flight requests finish. Absent: never.
   */
  isDraining?: () => boolean;
}

export function createHealthRoutes(deps: HealthDeps) {
  return createRouter().openapi(healthRoute, async (c) => {
    if (deps.isDraining?.()) throw new ServiceUnavailableError(DRAINING_DETAIL);
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
