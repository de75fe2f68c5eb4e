import { createRoute } from '@hono/zod-openapi';
import {
  AccountDeletionPreviewSchema,
  AccountDeletionSchema,
  AuditListSchema,
  AuditQuerySchema,
  DataExportSchema,
  UserIdParamsSchema,
} from '@tuition/api-contract';
import type { Context } from 'hono';
import { recordAudit, listAuditEntries } from '../audit/audit.ts';
import type { Auth } from '../auth/auth.ts';
import {
  currentUser,
  rejectCrossSiteRequests,
  requireAdmin,
  requireUser,
  signedIn,
} from '../auth/middleware.ts';
import type { Config } from '../config/env.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { HttpProblem } from '../http/problem.ts';
import { consumeRateLimit, RATE_LIMIT_SCOPES } from '../http/rate-limit.ts';
import { createRouter } from '../http/router.ts';
import {
  type AccountDeletionDeps,
  deleteAccount,
  staffAccountConflict,
  verifyAccountPassword,
} from './account-deletion.ts';
import { buildDataExport, dataExportFilename } from './data-export.ts';
import { type DeletionPreviewDeps, deletionPreview } from './deletion-preview.ts';
import { adminOperation as admin, adminRefusals as guarded } from '../auth/admin-openapi.ts';

/*
 * Your data (docs/decisions/058): download it, delete the account; the same for an
 * admin acting on a customer's e-mailed request, and the audit trail an admin reads. Admin
 * exports and deletions are themselves audited.
 */

const exportDescription =
  'A JSON file (Content-Disposition: attachment): profile, pupils and consents, bookings with ' +
  'their status history, payments and refunds, waiting-list places, enquiries from the ' +
  "account's address, the e-mails sent to it (date and subject) and the lesson reports its " +
  "pupils were sent, each with the tutor's note about that pupil only.";

const myExportRoute = createRoute({
  method: 'get',
  path: '/api/me/export',
  operationId: 'exportMyData',
  tags: ['account'],
  summary: 'Download everything held on your account',
  description: exportDescription,
  security: signedIn,
  responses: {
    200: jsonResponse(DataExportSchema, 'The export, as a file download'),
    401: problemResponse('Not signed in'),
    404: problemResponse('The account was deleted while its session lasted'),
  },
});

const deletionPreviewRoute = createRoute({
  method: 'get',
  path: '/api/me/deletion-preview',
  operationId: 'previewMyAccountDeletion',
  tags: ['account'],
  summary: 'What deleting your account would cancel, and what it was charged',
  description:
    'The upcoming seats a deletion cancels without a refund (docs/product-rules.md), each at ' +
    'the price it was charged (its share of a bundle; a rescheduled seat keeps its first ' +
    'price), their total, and the waiting-list places and unpaid checkouts it gives up.',
  security: signedIn,
  responses: {
    200: jsonResponse(AccountDeletionPreviewSchema, 'What a deletion now would cancel'),
    401: problemResponse('Not signed in'),
  },
});

const deleteMeRoute = createRoute({
  method: 'delete',
  path: '/api/me',
  operationId: 'deleteMyAccount',
  tags: ['account'],
  summary: 'Delete your account (password required)',
  description:
    'Future bookings are cancelled without refund and their seats freed; name, e-mail, phone, ' +
    "pupils' names and e-mails, sessions and calendar-feed tokens are erased; booking and " +
    'payment records stay anonymised as "Deleted customer" until 7 years after payment. ' +
    'Afterwards sign-in fails and the address can register again.',
  security: signedIn,
  request: { body: jsonBody(AccountDeletionSchema) },
  responses: {
    204: { description: 'Deleted; the session cookie no longer works' },
    400: invalidInput('Missing or wrong password (`errors` names password)'),
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site, or an admin account'),
    409: problemResponse(
      "A tutor's account (`staff-account`): staff accounts are closed by an admin",
    ),
    429: problemResponse(
      'More than 5 attempts in 15 minutes; the password is not checked (Retry-After says when)',
    ),
  },
});

/**
 * Attempts at DELETE /api/me per account: the password check must not become a way to guess
 * the password of a session left signed in (sign-in has its own pause, decision 039).
 */
export const ACCOUNT_DELETION_ATTEMPTS = { window: 15 * 60, max: 5 } as const;

function tooManyDeletionAttempts(retryAfterSeconds: number): HttpProblem {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new HttpProblem(
    429,
    'Too Many Requests',
    `Too many attempts to delete this account. Please try again in ${minutes} minute${
      minutes === 1 ? '' : 's'
    }.`,
  );
}

const adminExportRoute = createRoute({
  method: 'get',
  path: '/api/admin/users/{id}/export',
  operationId: 'exportUserData',
  ...admin,
  summary: "Download everything held on a user's account (audited)",
  description: exportDescription,
  request: { params: UserIdParamsSchema },
  responses: {
    200: jsonResponse(DataExportSchema, 'The export, as a file download'),
    400: invalidInput('An id longer than 100 characters'),
    404: problemResponse('No such user, or already deleted'),
    ...guarded,
  },
});

const adminDeleteRoute = createRoute({
  method: 'delete',
  path: '/api/admin/users/{id}',
  operationId: 'deleteUser',
  ...admin,
  summary: 'Delete a customer who asked by e-mail (same effects as DELETE /api/me; audited)',
  request: { params: UserIdParamsSchema },
  responses: {
    204: { description: 'Deleted' },
    400: invalidInput('An id longer than 100 characters'),
    404: problemResponse('No such user, or already deleted'),
    409: problemResponse("A tutor's account (`staff-account`): deactivate the tutor instead"),
    ...guarded,
  },
});

const auditRoute = createRoute({
  method: 'get',
  path: '/api/admin/audit',
  operationId: 'listAuditEntries',
  ...admin,
  summary: 'The audit trail, newest first: every staff action and customers’ own changes',
  request: { query: AuditQuerySchema },
  responses: {
    200: jsonResponse(AuditListSchema, 'Entries, newest first'),
    400: invalidInput('A filter or cursor that is not valid, named in the answer'),
    ...guarded,
  },
});

export type DataRouteDeps = AccountDeletionDeps &
  DeletionPreviewDeps & { config: Config; auth: Auth };

function download(c: Context, body: unknown, filename: string) {
  return c.body(JSON.stringify(body, null, 2), 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
}

export function createDataRoutes(deps: DataRouteDeps) {
  const router = createRouter();
  router.use('/api/me/export', requireUser(deps.auth));
  router.use('/api/me/deletion-preview', requireUser(deps.auth));
  // DELETE /api/me: the account routes' guards on /api/me (same site, signed in) apply too.
  router.on('DELETE', '/api/me', rejectCrossSiteRequests(deps.config.trustedOrigins));
  router.on('DELETE', '/api/me', requireUser(deps.auth));
  router.use('/api/admin/audit', requireAdmin(deps.auth));
  router.use('/api/admin/users/:id/export', requireAdmin(deps.auth));
  router.on('DELETE', '/api/admin/users/:id', requireAdmin(deps.auth));
  router.on('DELETE', '/api/admin/users/:id', rejectCrossSiteRequests(deps.config.trustedOrigins));

  return router
    .openapi(myExportRoute, async (c) => {
      const me = currentUser(c);
      const document = await buildDataExport(deps, me.id);
      return download(c, document, dataExportFilename(me.id, deps.clock.now())) as never;
    })
    .openapi(deletionPreviewRoute, async (c) => {
      const me = currentUser(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await deletionPreview(deps, deps.db, me.id, deps.clock.now()), 200);
    })
    .openapi(deleteMeRoute, async (c) => {
      const me = currentUser(c);
      // Before the password: whatever a tutor types, the answer is to ask the office.
      if (me.role === 'tutor') throw staffAccountConflict({ kind: 'customer' });
      const attempt = await consumeRateLimit(
        deps.db,
        `${RATE_LIMIT_SCOPES.accountDeletion}:${me.id}`,
        ACCOUNT_DELETION_ATTEMPTS,
      );
      if (!attempt.allowed) {
        const wait = attempt.retryAfter ?? ACCOUNT_DELETION_ATTEMPTS.window;
        c.header('Retry-After', String(wait));
        throw tooManyDeletionAttempts(wait);
      }
      await verifyAccountPassword(deps, me.id, c.req.valid('json').password);
      await deleteAccount(deps, { userId: me.id, actor: { kind: 'customer' } });
      c.get('log').info({ userId: me.id }, 'account deleted by its holder');
      return c.body(null, 204);
    })
    .openapi(adminExportRoute, async (c) => {
      const { id } = c.req.valid('param');
      const adminId = currentUser(c).id;
      const document = await buildDataExport(deps, id);
      await recordAudit(deps.db, {
        actorId: adminId,
        actorRole: 'admin',
        subjectUserId: id,
        action: 'user.export',
        target: `user:${id}`,
        after: { exported: true },
      });
      c.get('log').info({ adminId, userId: id }, 'admin exported a user’s data');
      return download(c, document, dataExportFilename(id, deps.clock.now())) as never;
    })
    .openapi(adminDeleteRoute, async (c) => {
      const { id } = c.req.valid('param');
      const adminId = currentUser(c).id;
      await deleteAccount(deps, { userId: id, actor: { kind: 'admin', adminId } });
      c.get('log').info({ adminId, userId: id }, 'admin deleted an account');
      return c.body(null, 204);
    })
    .openapi(auditRoute, async (c) => {
      const timetable = await deps.content.timetable();
      return c.json(await listAuditEntries(deps.db, timetable, c.req.valid('query')), 200);
    });
}
