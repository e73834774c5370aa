import { z } from 'zod';

/**
 * Webhooks (dashboard, "Webhooks"): an endpoint of the user's gets a signed JSON POST for each event it chose.
 * Each delivery carries `Ampkit-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under the
 * endpoint's secret (shown once, at creation) and the event's id (`Ampkit-Event-Id`, also `id` in the body; a
 * redelivery keeps it). Any answer but 2xx, or none within 10 s, is retried with growing waits for 24 hours.
 */
export const WEBHOOK_EVENTS = ['generation.completed', 'generation.failed', 'batch.completed', 'transcription.completed', 'credits.low', 'payment.succeeded'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'generation.completed': 'A generation finished (any tool but transcription)',
  'generation.failed': 'A generation failed (nothing was charged)',
  'batch.completed': 'A batch ended',
  'transcription.completed': 'A transcription finished',
  'credits.low': 'The balance fell below your alert',
  'payment.succeeded': 'A credit purchase went through',
};

export const WEBHOOK_SIGNATURE_HEADER = 'Ampkit-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Ampkit-Event-Id';
/** Endpoints one user may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** What a delivery's body is: the event, its id, when it happened, and its data (a generation as its status route answers it, …). */
export interface WebhookPayload<T = unknown> {
  id: string;
  type: WebhookEvent;
  created_at: string;
  data: T;
}

export const createWebhookRequest = z
  .strictObject({
    url: z.url({ protocol: /^https?$/, error: 'Enter the full address of your endpoint, starting with https://' }).max(2000, 'The address is too long'),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, 'Unknown event'))
      .min(1, 'Choose at least one event')
      .max(WEBHOOK_EVENTS.length)
      .refine((events) => new Set(events).size === events.length, 'An event is listed twice'),
  })
  .meta({ example: { url: 'https://hooks.example.com/ampkit', events: ['generation.completed', 'generation.failed'] } });
export type CreateWebhookRequest = z.infer<typeof createWebhookRequest>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created_at: z.string(),
  /** Set when deliveries kept failing for 3 days (its owner was mailed); a disabled endpoint gets nothing. */
  disabled_at: z.string().nullable(),
  /** Since when every delivery failed; null while it answers. */
  failing_since: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsResponse = z.object({ endpoints: z.array(webhookEndpointSchema), max_endpoints: z.number().int() });
export type WebhookEndpointsList = z.infer<typeof webhookEndpointsResponse>;

/** POST /api/account/webhooks: `secret` is in this answer only. */
export const createdWebhookResponse = z
  .object({ id: z.string(), secret: z.string(), url: z.string(), events: z.array(z.enum(WEBHOOK_EVENTS)) })
  .meta({ example: { id: '8d2f…', secret: 'whsec_3q2+7w…', url: 'https://hooks.example.com/ampkit', events: ['generation.completed'] } });
export type CreatedWebhook = z.infer<typeof createdWebhookResponse>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENTS),
  /** pending (not yet answered 2xx; retried), succeeded, failed (24 hours of retries ran out). */
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** The last attempt's HTTP status, or null when it had none (timeout, refused connection). */
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponse = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveriesList = z.infer<typeof webhookDeliveriesResponse>;

export const webhookIdParams = z.strictObject({ id: z.uuid('Not a webhook id') });
export const webhookDeliveryParams = z.strictObject({ id: z.uuid('Not a webhook id'), delivery_id: z.uuid('Not a delivery id') });
export const webhookDeletedResponse = z.object({ deleted: z.literal(true) });
