import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutStatusQuery,
  checkoutStatusSchema,
  creditPackageSchema,
  creditPackagesResponse,
  stripeWebhookResponse,
  testCheckoutCancelRequest,
  testCheckoutConfirmRequest,
  testCheckoutOpenedSchema,
  testCheckoutParams,
} from '../../../contract/credits.ts';
import { billingResponse } from '../../../contract/account.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { currentUser } from '../../http/session.ts';
import type { PaymentsService } from './service.ts';

const tags = ['payments'];

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, deps) => {
  // Stripe signs the exact bytes it sent: this route reads its body raw.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post(
      '/stripe/webhook',
      {
        config: { auth: 'webhook', rateLimit: false },
        schema: { tags, summary: 'Stripe webhook (signed)', response: { 200: okSchema(stripeWebhookResponse) } },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await deps.payments.receiveWebhook(body, typeof signature === 'string' ? signature : undefined);
        return ok({ received: true as const, duplicate: result.duplicate });
      },
    );
  });

  app.get(
    '/checkout-status',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Outcome of a checkout, for the return page',
        querystring: checkoutStatusQuery,
        response: { 200: okSchema(checkoutStatusSchema) },
      },
    },
    async (request) => ok(await deps.payments.checkoutStatus(currentUser(request).id, request.query.session_id)),
  );

  app.get(
    '/test-checkout/:packageId',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Test mode: the package on the test checkout page', params: testCheckoutParams, response: { 200: okSchema(creditPackageSchema) } },
    },
    async (request) => ok(await deps.payments.testPackage(request.params.packageId, currentUser(request))),
  );

  // The test checkout is settled once, like a Stripe Checkout Session: the page opens a checkout (its own id),
  // and confirming that id again, or at once from two clicks, credits nothing more and answers the same.
  app.post(
    '/test-checkout/:packageId/open',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Test mode: open a checkout of a package', params: testCheckoutParams, response: { 200: okSchema(testCheckoutOpenedSchema) } },
    },
    async (request) => ok(await deps.payments.openTestCheckout(request.params.packageId, currentUser(request))),
  );

  app.post(
    '/test-checkout/:packageId/confirm',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Test mode: confirm an opened checkout (once; a repeat answers the same)',
        params: testCheckoutParams,
        body: testCheckoutConfirmRequest,
        response: { 200: okSchema(checkoutStatusSchema) },
      },
    },
    async (request) => ok(await deps.payments.confirmTestCheckout(request.params.packageId, request.body.checkout_id, currentUser(request))),
  );

  app.post(
    '/test-checkout/:packageId/cancel',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Test mode: cancel an opened checkout unpaid (once; a repeat answers the same, a paid one 409)',
        params: testCheckoutParams,
        body: testCheckoutCancelRequest,
        response: { 200: okSchema(checkoutStatusSchema) },
      },
    },
    async (request) => ok(await deps.payments.cancelTestCheckout(request.params.packageId, request.body.checkout_id, currentUser(request))),
  );
};

/** GET /api/credits/packages: under the credits prefix (where the browser asks), answered by payments. */
export const creditPackagesRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, deps) => {
  app.get(
    '/packages',
    {
      config: { auth: 'user' },
      schema: { tags: ['credits'], summary: 'Credit packages with their payment links', response: { 200: okSchema(creditPackagesResponse) } },
    },
    async (request) => ok({ packages: await deps.payments.packages(currentUser(request)) }),
  );
};

/** GET /api/account/billing: registered under the account prefix, answered by the module that owns payments. */
export const billingRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, deps) => {
  app.get(
    '/billing',
    {
      config: { auth: 'user', scope: 'account:read' },
      schema: { tags: ['account'], summary: 'The purchases, newest first, with Stripe receipts', response: { 200: okSchema(billingResponse) } },
    },
    async (request) => ok(await deps.payments.billing(currentUser(request).id)),
  );
};
