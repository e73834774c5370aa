import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { z } from 'zod';

/**
 * A real HTTP server on a loopback port that speaks Stripe's wire format for the calls the app makes
 * (POST /v1/prices, POST /v1/payment_links, POST /v1/payment_links/:id (active), GET /v1/checkout/sessions/:id,
 * GET /v1/payment_intents/:id with `expand[]=latest_charge` or `expand[]=latest_charge.balance_transaction`), so the Stripe SDK runs
 * unchanged against it (STRIPE_API_BASE). Plus builders for Stripe objects and signed webhook deliveries.
 *
 * Wire format, as the SDK sends and reads it: requests are `application/x-www-form-urlencoded` with
 * bracket notation (`line_items[0][price]=price_…`, `metadata[package_id]=…`), authenticated with
 * `Authorization: Bearer sk_…`; answers are JSON objects carrying `id` and `object`; errors are
 * `{ error: { type, message, code?, param?, doc_url? } }` with the HTTP status of the failure. A POST
 * repeated with the same Idempotency-Key gets the first answer again (`Idempotent-Replayed: true`); the
 * same key with other parameters is refused with an idempotency_error.
 */

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. /v1/prices. */
  path: string;
  query: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  /** The form body parsed from bracket notation into nested objects and arrays. */
  body: Record<string, unknown>;
  rawBody: string;
  /** The HTTP status the fake answered. */
  status: number;
  /** True when the answer replayed an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

export interface FakeStripeOptions {
  /** The only secret key accepted; by default any `sk_test_…` key is. */
  apiKey?: string;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Stripe-looking id: prefix plus random base62, e.g. `pi_3QxY…`. */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += BASE62[b % 62];
  return `${prefix}_${out}`;
}

const unixNow = () => Math.floor(Date.now() / 1000);

type FormNode = Record<string | number, unknown>;

/**
 * An object the fake made, as it answers it: the fields tests and the fake read are typed, the rest is wire JSON.
 * (Not the SDK's types: those describe what the SDK hands out, e.g. decimals as Decimal objects, not the wire.)
 */
type Stored<Read> = { id: string; object: string } & Read & Record<string, unknown>;

/**
 * Parses a form body with Stripe's bracket notation into nested values:
 * `a[b][0][c]=1` → `{ a: { b: [ { c: '1' } ] } }`. Values stay strings, as on the wire.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const parts = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [key];
    if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    // An array is indexed by number, an object by name: both are a FormNode here (an array takes its digit keys).
    let node: FormNode = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const slot = Array.isArray(node) && /^\d+$/.test(part) ? Number(part) : part;
      if (last) {
        node[slot] = value;
        return;
      }
      const next = node[slot];
      const child = next !== null && typeof next === 'object' ? (next as FormNode) : /^\d+$/.test(parts[i + 1]!) ? ([] as unknown as FormNode) : {};
      node[slot] = child;
      node = child;
    });
  }
  return root;
}

/** The form fields the fake reads (every value a string on the wire); objects are loose, so fields it does not read pass. */
const metadataForm = z.record(z.string(), z.string());
const priceForm = z.looseObject({
  currency: z.string().optional(),
  unit_amount: z.string().optional(),
  unit_amount_decimal: z.string().optional(),
  product: z.string().optional(),
  product_data: z.looseObject({ name: z.string().optional(), metadata: metadataForm.optional() }).optional(),
  lookup_key: z.string().optional(),
  nickname: z.string().optional(),
  tax_behavior: z.enum(['exclusive', 'inclusive', 'unspecified']).optional(),
  metadata: metadataForm.optional(),
});
const paymentLinkForm = z.looseObject({
  line_items: z.array(z.looseObject({ price: z.string().optional(), quantity: z.string().optional() }).optional()).optional(),
  after_completion: z.looseObject({ type: z.string().optional(), redirect: z.looseObject({ url: z.string().optional() }).optional() }).optional(),
  allow_promotion_codes: z.string().optional(),
  metadata: metadataForm.optional(),
});

/** Stripe's error body. */
function stripeError(type: string, message: string, extra: { code?: string; param?: string } = {}) {
  return {
    error: {
      ...(extra.code ? { code: extra.code, doc_url: `https://stripe.com/docs/error-codes/${extra.code.replaceAll('_', '-')}` } : {}),
      message,
      ...(extra.param ? { param: extra.param } : {}),
      request_log_url: `https://dashboard.stripe.com/test/logs/${stripeId('req', 14)}`,
      type,
    },
  };
}

export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const requests: RecordedRequest[] = [];
  const products = new Map<string, Stored<{ name: string; metadata: Record<string, string> }>>();
  const prices = new Map<string, Stored<{ currency: string; metadata: Record<string, string> }>>();
  const paymentLinks = new Map<string, Stored<{ url: string; metadata: Record<string, string> }>>();
  const sessions = new Map<string, CheckoutSession>();
  /** Charges by their PaymentIntent's id: a PaymentIntent is answered from its latest charge. */
  const chargesByIntent = new Map<string, FakeCharge>();
  /** Balance transactions by id: a charge's `balance_transaction` names one, expanded on request. */
  const balanceTransactions = new Map<string, FakeBalanceTransaction>();
  /** POST answers by Idempotency-Key, replayed for a repeat of the same request (as Stripe does for 24 h). */
  const idempotent = new Map<string, { path: string; rawBody: string; answer: { status: number; body: object } }>();

  function authorize(headers: IncomingHttpHeaders): { status: number; body: object } | null {
    const header = headers.authorization;
    if (!header) {
      return {
        status: 401,
        body: stripeError(
          'invalid_request_error',
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        ),
      };
    }
    const key = /^Bearer (\S+)$/.exec(header)?.[1] ?? '';
    const accepted = options.apiKey ? key === options.apiKey : /^sk_test_[A-Za-z0-9_]+$/.test(key);
    if (!accepted) {
      const shown = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key;
      return { status: 401, body: stripeError('invalid_request_error', `Invalid API Key provided: ${shown}`) };
    }
    return null;
  }

  function missing(param: string) {
    return { status: 400, body: stripeError('invalid_request_error', `Missing required param: ${param}.`, { code: 'parameter_missing', param }) };
  }

  /** A form Stripe cannot read as the object it expects (a string where an object goes, a bad enum value). */
  function invalid(error: z.ZodError) {
    const issue = error.issues[0]!;
    const param = issue.path.map((p, i) => (i === 0 ? String(p) : `[${String(p)}]`)).join('');
    return { status: 400, body: stripeError('invalid_request_error', `Invalid ${param}: ${issue.message}`, { code: 'parameter_invalid', param }) };
  }

  function createPrice(form: Record<string, unknown>) {
    const parsed = priceForm.safeParse(form);
    if (!parsed.success) return invalid(parsed.error);
    const body = parsed.data;
    if (!body.currency) return missing('currency');
    if (body.unit_amount === undefined && body.unit_amount_decimal === undefined) return missing('unit_amount');
    if (!body.product && !body.product_data) return missing('product');
    if (body.product_data && !body.product_data.name) return missing('product_data[name]');
    if (body.unit_amount !== undefined && !/^\d+$/.test(String(body.unit_amount))) {
      return {
        status: 400,
        body: stripeError('invalid_request_error', 'Invalid integer: ' + String(body.unit_amount), { code: 'parameter_invalid_integer', param: 'unit_amount' }),
      };
    }
    let productId = body.product;
    if (!productId) {
      productId = stripeId('prod', 14);
      products.set(productId, {
        id: productId,
        object: 'product',
        active: true,
        created: unixNow(),
        description: null,
        livemode: false,
        metadata: body.product_data?.metadata ?? {},
        name: body.product_data?.name ?? '',
        type: 'service',
      });
    }
    const unitAmount = body.unit_amount !== undefined ? Number(body.unit_amount) : Math.round(Number(body.unit_amount_decimal));
    const price = {
      id: stripeId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: unixNow(),
      currency: String(body.currency).toLowerCase(),
      custom_unit_amount: null,
      livemode: false,
      lookup_key: body.lookup_key ?? null,
      metadata: body.metadata ?? {},
      nickname: body.nickname ?? null,
      product: productId,
      recurring: null,
      tax_behavior: body.tax_behavior ?? 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    prices.set(price.id, price);
    return { status: 200, body: price };
  }

  function createPaymentLink(form: Record<string, unknown>) {
    const parsed = paymentLinkForm.safeParse(form);
    if (!parsed.success) return invalid(parsed.error);
    const body = parsed.data;
    const items = body.line_items;
    if (!Array.isArray(items) || items.length === 0) return missing('line_items');
    for (const [i, item] of items.entries()) {
      if (!item?.price) return missing(`line_items[${i}][price]`);
      if (!prices.has(item.price)) {
        return {
          status: 400,
          body: stripeError('invalid_request_error', `No such price: '${item.price}'`, { code: 'resource_missing', param: `line_items[${i}][price]` }),
        };
      }
    }
    const after = body.after_completion;
    if (after?.type === 'redirect' && !after.redirect?.url) return missing('after_completion[redirect][url]');
    const firstPrice = prices.get(items[0]!.price!)!;
    const link = {
      id: stripeId('plink'),
      object: 'payment_link',
      active: true,
      after_completion:
        after?.type === 'redirect'
          ? { hosted_confirmation: null, redirect: { url: after.redirect!.url! }, type: 'redirect' }
          : { hosted_confirmation: { custom_message: null }, redirect: null, type: 'hosted_confirmation' },
      allow_promotion_codes: body.allow_promotion_codes === 'true',
      application: null,
      application_fee_amount: null,
      application_fee_percent: null,
      automatic_tax: { enabled: false, liability: null },
      billing_address_collection: 'auto',
      consent_collection: null,
      currency: firstPrice.currency,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer_creation: 'if_required',
      inactive_message: null,
      invoice_creation: null,
      livemode: false,
      metadata: body.metadata ?? {},
      on_behalf_of: null,
      payment_intent_data: null,
      payment_method_collection: 'always',
      payment_method_types: null,
      phone_number_collection: { enabled: false },
      restrictions: null,
      shipping_address_collection: null,
      shipping_options: [],
      submit_type: 'auto',
      subscription_data: null,
      tax_id_collection: { enabled: false, required: 'never' },
      transfer_data: null,
      url: `https://buy.stripe.com/test_${stripeId('x', 14).slice(2)}`,
    };
    paymentLinks.set(link.id, link);
    return { status: 200, body: link };
  }

  /** A PaymentIntent as Stripe answers it; `latest_charge` is the charge's id unless `expand` names it. */
  function paymentIntent(id: string, query: Record<string, unknown>) {
    const charge = chargesByIntent.get(id);
    if (!charge) {
      return { status: 404, body: stripeError('invalid_request_error', `No such payment_intent: '${id}'`, { code: 'resource_missing', param: 'intent' }) };
    }
    // The SDK sends expand as expand[0]=…; a hand-written call may send expand[]=….
    const expand = query.expand;
    const expanded = Array.isArray(expand) ? expand : expand && typeof expand === 'object' ? Object.values(expand) : [];
    const withTxn = expanded.includes('latest_charge.balance_transaction');
    const txnId = typeof charge.balance_transaction === 'string' ? charge.balance_transaction : null;
    // Stripe expands a nested path only through an expanded parent; an id it does not know stays an id.
    const latest = withTxn ? { ...charge, balance_transaction: (txnId && balanceTransactions.get(txnId)) || charge.balance_transaction } : expanded.includes('latest_charge') ? charge : charge.id;
    return {
      status: 200,
      body: {
        id,
        object: 'payment_intent',
        amount: charge.amount,
        amount_capturable: 0,
        amount_received: charge.amount_captured,
        capture_method: 'automatic_async',
        client_secret: `${id}_secret_${stripeId('x', 20).slice(2)}`,
        confirmation_method: 'automatic',
        created: charge.created,
        currency: charge.currency,
        customer: null,
        description: null,
        last_payment_error: null,
        latest_charge: latest,
        livemode: false,
        metadata: {},
        next_action: null,
        payment_method: charge.payment_method,
        payment_method_types: ['card'],
        receipt_email: null,
        status: 'succeeded',
      },
    };
  }

  /** POST /v1/payment_links/:id: the fields the app changes (active); the link answers as it now is. */
  function updatePaymentLink(id: string, form: Record<string, unknown>) {
    const link = paymentLinks.get(id);
    if (!link) {
      return { status: 404, body: stripeError('invalid_request_error', `No such payment_link: '${id}'`, { code: 'resource_missing', param: 'id' }) };
    }
    if (form.active !== undefined) {
      if (form.active !== 'true' && form.active !== 'false') {
        return { status: 400, body: stripeError('invalid_request_error', 'Invalid boolean: ' + String(form.active), { code: 'parameter_invalid_boolean', param: 'active' }) };
      }
      link.active = form.active === 'true';
    }
    return { status: 200, body: link };
  }

  function route(method: string, path: string, body: Record<string, unknown>, query: Record<string, unknown> = {}): { status: number; body: object } {
    if (method === 'POST' && path === '/v1/prices') return createPrice(body);
    if (method === 'POST' && path === '/v1/payment_links') return createPaymentLink(body);
    const linkUpdate = /^\/v1\/payment_links\/([^/]+)$/.exec(path);
    if (method === 'POST' && linkUpdate) return updatePaymentLink(decodeURIComponent(linkUpdate[1]!), body);
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && session) {
      const id = decodeURIComponent(session[1]!);
      const found = sessions.get(id);
      if (!found) {
        return { status: 404, body: stripeError('invalid_request_error', `No such checkout.session: '${id}'`, { code: 'resource_missing', param: 'session' }) };
      }
      return { status: 200, body: found };
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intent) return paymentIntent(decodeURIComponent(intent[1]!), query);
    return {
      status: 404,
      body: stripeError(
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      ),
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = req.method ?? 'GET';
    const body = rawBody ? parseStripeForm(rawBody) : {};
    const query = parseStripeForm(url.search.slice(1));
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const denied = authorize(req.headers);
    const earlier = typeof key === 'string' && !denied ? idempotent.get(key) : undefined;
    let answer: { status: number; body: object };
    let replayed = false;
    if (denied) answer = denied;
    else if (earlier && (earlier.path !== url.pathname || earlier.rawBody !== rawBody)) {
      answer = {
        status: 400,
        body: stripeError(
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        ),
      };
    } else if (earlier) {
      answer = earlier.answer;
      replayed = true;
    } else {
      answer = route(method, url.pathname, body, query);
      // Stripe saves a result only once the endpoint ran; a refused request can be retried with its key.
      if (typeof key === 'string' && answer.status === 200) idempotent.set(key, { path: url.pathname, rawBody, answer });
    }
    requests.push({ method, path: url.pathname, query, headers: req.headers, body, rawBody, status: answer.status, replayed });
    const text = JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'request-id': stripeId('req', 14),
      'stripe-version': String(req.headers['stripe-version'] ?? '2026-10-28.endive'),
      ...(answer.status >= 400 && answer.status < 500 ? { 'stripe-should-retry': 'false' } : {}),
    });
    res.end(text);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(stripeError('api_error', String(err))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    /** For STRIPE_API_BASE. */
    url: `http://127.0.0.1:${port}`,
    port,
    /** Every request, in order, with its parsed body. */
    requests,
    products,
    prices,
    paymentLinks,
    sessions,
    balanceTransactions,
    /** Requests to one method and path. */
    requestsTo(method: string, path: string): RecordedRequest[] {
      return requests.filter((r) => r.method === method && r.path === path);
    },
    /** Makes a Checkout Session retrievable (GET /v1/checkout/sessions/:id); replaces one with the same id. */
    addSession(session: CheckoutSession) {
      sessions.set(session.id, structuredClone(session));
    },
    /** Makes a charge's PaymentIntent retrievable (GET /v1/payment_intents/:id), the charge as its latest. */
    addCharge(charge: FakeCharge) {
      const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intent) throw new Error('fake Stripe: a charge needs its payment_intent');
      chargesByIntent.set(intent, structuredClone(charge));
    },
    /** Makes a balance transaction expandable from the charge whose `balance_transaction` names it. */
    addBalanceTransaction(txn: FakeBalanceTransaction) {
      balanceTransactions.set(txn.id, structuredClone(txn));
    },
    /** Forgets the recorded requests (objects made stay). */
    clearRequests() {
      requests.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

// ---------------------------------------------------------------------------------------------------
// Builders for the objects Stripe sends, with realistic fields. Overrides are shallow.
// ---------------------------------------------------------------------------------------------------

export const STRIPE_API_VERSION = '2026-10-28.endive';

export type CheckoutSession = ReturnType<typeof checkoutSession>;

/** A Checkout Session as Stripe sends it for a completed Payment Link purchase. */
export function checkoutSession(overrides: Partial<Stripe.Checkout.Session> = {}) {
  const amountTotal = overrides.amount_total ?? 2000;
  const tax = overrides.total_details?.amount_tax ?? 0;
  const created = unixNow();
  return {
    id: stripeId('cs_test', 58),
    object: 'checkout.session',
    adaptive_pricing: { enabled: true },
    after_expiration: null,
    allow_promotion_codes: false,
    amount_subtotal: amountTotal - tax,
    amount_total: amountTotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: 'auto',
    cancel_url: null,
    client_reference_id: null,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created,
    currency: 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: 'if_required',
    customer_details: { address: null, business_name: null, email: 'buyer@example.com', individual_name: null, name: 'Test Buyer', phone: null, tax_exempt: 'none', tax_ids: [] },
    customer_email: null,
    expires_at: created + 24 * 3600,
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: null, metadata: {}, rendering_options: null },
    },
    livemode: false,
    locale: 'auto',
    metadata: {},
    mode: 'payment',
    payment_intent: stripeId('pi'),
    payment_link: stripeId('plink'),
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'paid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'complete',
    submit_type: 'auto',
    subscription: null,
    success_url: 'http://localhost:3000/payments/return?session_id={CHECKOUT_SESSION_ID}',
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: tax },
    ui_mode: 'hosted',
    url: null,
    ...overrides,
  };
}

/** A Charge as Stripe sends it (charge.refunded carries amount_refunded and refunded). */
export function charge(overrides: Partial<Stripe.Charge> = {}) {
  const amount = overrides.amount ?? 2000;
  const refundedAmount = overrides.amount_refunded ?? 0;
  return {
    id: stripeId('ch'),
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: refundedAmount,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: stripeId('txn'),
    billing_details: { address: null, email: 'buyer@example.com', name: 'Test Buyer', phone: null, tax_id: null },
    calculated_statement_descriptor: 'AMPKIT',
    captured: true,
    created: unixNow(),
    currency: 'usd',
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: stripeId('pi'),
    payment_method: stripeId('pm'),
    receipt_email: null,
    receipt_url: null,
    refunded: refundedAmount >= amount,
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
    ...overrides,
  };
}

export type FakeCharge = ReturnType<typeof charge>;

/**
 * A charge's BalanceTransaction as Stripe answers it: `fee` is the sum of `fee_details` (type stripe_fee, and tax
 * where Stripe charges tax on its fee), `net` is amount minus fee. Amounts in cents.
 */
export function balanceTransaction(options: { id?: string; amount?: number; stripeFee?: number; feeTax?: number; currency?: string; source?: string } = {}) {
  const amount = options.amount ?? 2000;
  const currency = options.currency ?? 'usd';
  const stripeFee = options.stripeFee ?? Math.round(amount * 0.029) + 30;
  const feeDetails: Array<{ amount: number; application: null; currency: string; description: string; type: string }> = [
    { amount: stripeFee, application: null, currency, description: 'Stripe processing fees', type: 'stripe_fee' },
  ];
  if (options.feeTax) feeDetails.push({ amount: options.feeTax, application: null, currency, description: 'VAT', type: 'tax' });
  const fee = feeDetails.reduce((s, d) => s + d.amount, 0);
  const created = unixNow();
  return {
    id: options.id ?? stripeId('txn'),
    object: 'balance_transaction',
    amount,
    available_on: created + 2 * 24 * 3600,
    balance_type: 'payments',
    created,
    currency,
    description: null,
    exchange_rate: null,
    fee,
    fee_details: feeDetails,
    net: amount - fee,
    reporting_category: 'charge',
    source: options.source ?? stripeId('ch'),
    status: 'pending',
    type: 'charge',
  };
}
export type FakeBalanceTransaction = ReturnType<typeof balanceTransaction>;

/** A Dispute as Stripe sends it with charge.dispute.created (status needs_response) and charge.dispute.closed (won, lost). */
export function dispute(overrides: Partial<Stripe.Dispute> = {}) {
  const created = unixNow();
  return {
    id: stripeId('dp'),
    object: 'dispute',
    amount: 2000,
    balance_transactions: [],
    charge: stripeId('ch'),
    created,
    currency: 'usd',
    evidence: emptyEvidence(),
    evidence_details: { due_by: created + 7 * 24 * 3600, enhanced_eligibility: {}, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: stripeId('pi'),
    reason: 'fraudulent',
    status: 'needs_response',
    ...overrides,
  };
}

/** A dispute's evidence before the merchant submits any: every field null. */
function emptyEvidence(): Stripe.Dispute.Evidence {
  return {
    access_activity_log: null,
    billing_address: null,
    cancellation_policy: null,
    cancellation_policy_disclosure: null,
    cancellation_rebuttal: null,
    customer_communication: null,
    customer_email_address: null,
    customer_name: null,
    customer_purchase_ip: null,
    customer_signature: null,
    duplicate_charge_documentation: null,
    duplicate_charge_explanation: null,
    duplicate_charge_id: null,
    product_description: null,
    receipt: null,
    refund_policy: null,
    refund_policy_disclosure: null,
    refund_refusal_explanation: null,
    service_date: null,
    service_documentation: null,
    shipping_address: null,
    shipping_carrier: null,
    shipping_date: null,
    shipping_documentation: null,
    shipping_tracking_number: null,
    uncategorized_file: null,
    uncategorized_text: null,
    enhanced_evidence: {},
  };
}

/**
 * An Event wrapping an object, as delivered to a webhook endpoint. Typed by the object it carries (not as the SDK's
 * Stripe.Event union), so a test reads back the fields of the object it put in.
 */
export function stripeEvent<T extends object>(type: string, object: T, overrides: Partial<Pick<Stripe.Event, 'id' | 'created' | 'livemode' | 'pending_webhooks'>> = {}) {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: unixNow(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...overrides,
  };
}
export type FakeStripeEvent<T extends object = object> = ReturnType<typeof stripeEvent<T>>;

/**
 * A webhook delivery as Stripe makes it: the JSON body and its headers, signed with the endpoint's secret
 * (`Stripe-Signature: t=<unix seconds>,v1=<hmac>`). `timestamp` is in seconds; it defaults to now.
 * A string event is sent as is (to sign bodies that are not JSON).
 */
export function signedEvent(
  event: object | string,
  options: { secret: string; timestamp?: number },
): { body: string; headers: Record<string, string> } {
  const body = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return {
    body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': signature,
    },
  };
}
