import { createRoute } from '@hono/zod-openapi';
import { TermListSchema } from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import { noSession } from '../auth/middleware.ts';
import { jsonResponse } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';

/*
 * School terms (docs/decisions/081): CMS content, read by anyone before enrolling. Enrolment
 * itself (quote, checkout, priority dates) builds on these.
 */

const termsRoute = createRoute({
  method: 'get',
  path: '/api/terms',
  operationId: 'listTerms',
  tags: ['terms'],
  summary: 'School terms: dates, when enrolment opens (priority and public), price a session',
  security: noSession,
  responses: { 200: jsonResponse(TermListSchema, 'By first day') },
});

export function createTermRoutes(deps: { content: ContentLoader }) {
  return createRouter().openapi(termsRoute, async (c) => c.json(await deps.content.terms(), 200));
}
