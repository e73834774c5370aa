import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCreditAdjustmentBody,
  adminCreditAdjustmentResponse,
  adminUserLedgerQuery,
  adminUserLedgerResponse,
  adminUserParams,
  adminUsersQuery,
  adminUsersResponse,
} from '../../../contract/admin-users.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../../contract/credits.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AdminUsersService } from './service.ts';

const tags = ['admin'];

/** The adjustment's Idempotency-Key header, when sent (the same rule as the paid routes'). */
function clientKey(headers: Record<string, string | string[] | undefined>): string | null {
  const sent = headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (sent === undefined) return null;
  if (typeof sent !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(sent)) {
    throw badRequest(`${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 printable ASCII characters.`);
  }
  return sent;
}

/** /api/admin/users…: User Management. Every route is `auth: 'admin'`. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ users: AdminUsersService }> = async (app, deps) => {
  app.get(
    '/users',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Users, newest first, with their credits, generations and last sign-in, and the stats of all users',
        querystring: adminUsersQuery,
        response: { 200: okSchema(adminUsersResponse) },
      },
    },
    async (request) => ok(await deps.users.list(request.query)),
  );

  app.get(
    '/users/:id/ledger',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: "A user's credit ledger, newest first, naming the admin behind each adjustment",
        params: adminUserParams,
        querystring: adminUserLedgerQuery,
        response: { 200: okSchema(adminUserLedgerResponse) },
      },
    },
    async (request) => ok(await deps.users.ledger(request.params.id, request.query.limit)),
  );

  app.post(
    '/users/:id/credits',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Grants or deducts credits by hand (reason required; never below zero); audited',
        params: adminUserParams,
        body: adminCreditAdjustmentBody,
        response: { 200: okSchema(adminCreditAdjustmentResponse) },
      },
    },
    async (request) => ok(await deps.users.adjust(currentUser(request).id, request.params.id, request.body, clientKey(request.headers))),
  );
};
