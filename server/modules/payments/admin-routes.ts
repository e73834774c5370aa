import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPackageInput,
  adminPackageParams,
  adminPackageResponse,
  adminPackagesResponse,
  adminTransactionActionBody,
  adminTransactionActionQuery,
  adminTransactionActionResponse,
  adminTransactionsQuery,
  adminTransactionsResponse,
} from '../../../contract/admin-payments.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import type { PaymentsService } from './service.ts';

const tags = ['admin'];

/** /api/admin/stripe-transactions and the credit packages editor. Every route is `auth: 'admin'`. */
export const adminPaymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, deps) => {
  const admin = deps.payments.admin;

  app.get(
    '/stripe-transactions',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Payments, newest first, with stats for the same filters; export=true answers every match as CSV',
        querystring: adminTransactionsQuery,
        response: { 200: okSchema(adminTransactionsResponse) },
      },
    },
    async (request, reply) => {
      if (request.query.export === 'true') {
        const name = admin.exportFileName(request.query);
        // A stream is sent as it is, not through the 200 schema (that is the JSON answer's).
        const raw = reply as unknown as FastifyReply;
        return raw
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(admin.exportCsv(request.query));
      }
      return ok(await admin.list(request.query));
    },
  );

  app.post(
    '/stripe-transactions',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'sub_action=refresh-tax {payment_id}: read fee and tax from Stripe; sub_action=assign {payment_id, user_id | email}',
        querystring: adminTransactionActionQuery,
        body: adminTransactionActionBody,
        response: { 200: okSchema(adminTransactionActionResponse) },
      },
    },
    async (request) => {
      const adminId = currentUser(request).id;
      const transaction =
        request.query.sub_action === 'refresh-tax'
          ? await admin.refreshTax(adminId, request.body.payment_id)
          : await admin.assign(adminId, request.body);
      return ok({ transaction });
    },
  );

  app.get(
    '/credit-packages',
    {
      config: { auth: 'admin' },
      schema: { tags, summary: 'Every credit package, inactive ones too', response: { 200: okSchema(adminPackagesResponse) } },
    },
    async () => ok(await admin.packages()),
  );

  app.post(
    '/credit-packages',
    {
      config: { auth: 'admin' },
      schema: { tags, summary: 'Create a credit package', body: adminPackageInput, response: { 200: okSchema(adminPackageResponse) } },
    },
    async (request) => ok({ package: await admin.createPackage(currentUser(request).id, request.body) }),
  );

  app.put(
    '/credit-packages/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Update a credit package (in Stripe mode a changed price, name or credits gets a new Payment Link)',
        params: adminPackageParams,
        body: adminPackageInput,
        response: { 200: okSchema(adminPackageResponse) },
      },
    },
    async (request) => ok({ package: await admin.updatePackage(currentUser(request).id, request.params.id, request.body) }),
  );

  app.delete(
    '/credit-packages/:id',
    {
      config: { auth: 'admin' },
      schema: { tags, summary: 'Deactivate a credit package (kept for its payments)', params: adminPackageParams, response: { 200: okSchema(adminPackageResponse) } },
    },
    async (request) => ok({ package: await admin.deactivatePackage(currentUser(request).id, request.params.id) }),
  );
};
