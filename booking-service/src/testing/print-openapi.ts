/**
 * Prints the service's OpenAPI document (what GET /api/openapi.json serves) to stdout, from
 * the real app on a throwaway in-memory database: for linting it and for generating clients
 * without starting the stack. `pnpm --filter booking-service openapi > openapi.json`
 */
import { createTestApp } from './test-app.ts';

const t = await createTestApp({
  env: { PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:8787', LOG_LEVEL: 'silent' },
});
try {
  const response = await t.app.request('/api/openapi.json');
  process.stdout.write(`${JSON.stringify(await response.json(), null, 2)}\n`);
} finally {
  await t.close();
}
