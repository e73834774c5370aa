import { createHash } from 'node:crypto';
import Stripe from 'stripe';

/**
 * The parts of a Checkout Session the app reads: a `Stripe.Checkout.Session` has them all, and the test checkout
 * makes one of its own without the rest.
 */
export interface CheckoutSessionLike {
  id: string;
  mode?: string | null;
  client_reference_id: string | null;
  customer_email?: string | null;
  customer_details?: { email?: string | null } | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required' | string;
  amount_total: number | null;
  currency: string | null;
  payment_intent: string | { id: string } | null;
  payment_link?: string | { id: string } | null;
  metadata?: Record<string, string> | null;
  total_details?: { amount_tax?: number | null } | null;
  /** open (can still be paid until expires_at), complete or expired. */
  status?: string | null;
  /** Unix seconds: when an open session stops taking payment. */
  expires_at?: number | null;
}

export interface StripeGateway {
  /** Checks the signature on the raw body (dated within 300 s of receipt, either way) and parses the event; throws when it does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined, receivedAtMs: number): Stripe.Event;
  retrieveCheckoutSession(id: string): Promise<Stripe.Checkout.Session>;
  /**
   * Makes a Payment Link for a credit package; the browser is sent there with client_reference_id. `revision` goes
   * into the idempotency keys only: a package's link made again (after its price changed back, or it was
   * reactivated) must be a new link, not Stripe's replay of the deactivated one. `metadata` goes onto the link beside
   * package_id; Stripe copies a link's metadata onto each Checkout Session opened on it, so a session says what its
   * link sold even after the package changed.
   */
  createPaymentLink(input: {
    packageId: string;
    name: string;
    amountCents: number;
    returnUrl: string;
    revision?: string;
    metadata?: Record<string, string>;
  }): Promise<{ id: string; url: string }>;
  /** Turns a Payment Link off: Stripe then refuses new purchases through it (POST /v1/payment_links/:id active=false). */
  deactivatePaymentLink(id: string): Promise<void>;
  /**
   * What Stripe kept from a PaymentIntent's charge, read from the charge's balance transaction (one call:
   * latest_charge.balance_transaction expanded). `feeCents` sums the fee_details of types stripe_fee,
   * payment_method_passthrough_fee and tax (the tax Stripe charges on its own fee), i.e. the balance transaction's
   * `fee` without Connect application fees. Null while the charge or its balance transaction does not exist yet.
   */
  chargeCosts(paymentIntentId: string): Promise<{ feeCents: number; currency: string } | null>;
  /** The receipt page of a PaymentIntent's charge (its latest charge's receipt_url); null while it has none. */
  receiptUrl(paymentIntentId: string): Promise<string | null>;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The same request (kind and parameters) always gets the same key; a changed request gets a new one. */
function idempotencyKey(kind: string, params: object): string {
  return `ampkit-${kind}-${createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 32)}`;
}

/** The `t=` of a Stripe-Signature header, read as the SDK reads it (the last `t` wins); NaN when absent. */
function signedAtSeconds(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

/**
 * A parsed body is applied only when it has an event's shape: an id, a type and a data object. The SDK types what
 * it parsed as an event without looking; a body signed with our secret but not from Stripe is refused here.
 */
function hasEventShape(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as { id?: unknown; type?: unknown; data?: { object?: unknown } | null };
  return (
    typeof v.id === 'string' &&
    v.id.length > 0 &&
    v.id.length <= 255 &&
    typeof v.type === 'string' &&
    v.type.length > 0 &&
    typeof v.data === 'object' &&
    v.data !== null &&
    typeof v.data.object === 'object' &&
    v.data.object !== null
  );
}

export function createStripeGateway(settings: { secretKey: string; webhookSecret: string; apiBase?: string }): StripeGateway {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
  return {
    verifyWebhook(rawBody, signature, receivedAtMs) {
      if (!signature) throw new Error('missing Stripe-Signature header');
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAtMs);
      // Stripe's tolerance only bounds the age: a signature dated ahead would stay replayable until then.
      const signedAt = signedAtSeconds(signature);
      if (!Number.isFinite(signedAt) || signedAt - receivedAtMs / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
        throw new Error('the signature is dated in the future');
      }
      if (!hasEventShape(event)) throw new Error('the signed body is not a Stripe event');
      return event;
    },
    async retrieveCheckoutSession(id) {
      return stripe.checkout.sessions.retrieve(id);
    },
    async receiptUrl(paymentIntentId) {
      // One call: the PaymentIntent with its latest charge expanded, whose receipt_url is the customer's receipt.
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
      const charge = intent.latest_charge;
      return charge && typeof charge === 'object' ? (charge.receipt_url ?? null) : null;
    },
    async deactivatePaymentLink(id) {
      await stripe.paymentLinks.update(id, { active: false });
    },
    async chargeCosts(paymentIntentId) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge.balance_transaction'] });
      } catch (err) {
        // No such PaymentIntent (yet): no charge to read, not a failure to reach Stripe.
        if ((err as { code?: unknown }).code === 'resource_missing') return null;
        throw err;
      }
      const charge = intent.latest_charge;
      if (!charge || typeof charge !== 'object') return null;
      const txn = charge.balance_transaction;
      if (!txn || typeof txn !== 'object') return null;
      const kept = new Set(['stripe_fee', 'payment_method_passthrough_fee', 'tax']);
      const feeCents = (txn.fee_details ?? []).filter((d) => kept.has(d.type)).reduce((sum, d) => sum + (Number(d.amount) || 0), 0);
      return { feeCents, currency: txn.currency };
    },
    async createPaymentLink({ packageId, name, amountCents, returnUrl, revision, metadata }) {
      // Idempotency keys derived from the request: two app instances making the same package's link at
      // once get one Price and one Payment Link from Stripe (it replays the first answer for 24 hours).
      const priceParams: Stripe.PriceCreateParams = {
        currency: 'usd',
        unit_amount: amountCents,
        product_data: { name },
        metadata: { package_id: packageId },
      };
      const keyOf = (kind: string, params: object) => idempotencyKey(kind, revision ? { params, revision } : params);
      const price = await stripe.prices.create(priceParams, { idempotencyKey: keyOf('price', priceParams) });
      const linkParams: Stripe.PaymentLinkCreateParams = {
        line_items: [{ price: price.id, quantity: 1 }],
        metadata: { ...metadata, package_id: packageId },
        after_completion: { type: 'redirect', redirect: { url: returnUrl } },
      };
      const link = await stripe.paymentLinks.create(linkParams, { idempotencyKey: keyOf('payment-link', linkParams) });
      return { id: link.id, url: link.url };
    },
  };
}
