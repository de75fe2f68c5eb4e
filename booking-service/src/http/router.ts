import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './app-env.ts';
import { ValidationError } from './problem.ts';

/**
 * Every feature sub-app is created with this, so a zod validation failure of any
 * createRoute() input becomes the same 400 problem body naming each field.
 * (A defaultHook applies only to routes registered on the instance that declares it.)
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw ValidationError.fromZod(result.error);
    },
  });
}
