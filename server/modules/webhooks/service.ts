import { randomUUID } from 'node:crypto';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type CreateWebhookRequest,
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookPayload,
} from '../../../contract/webhooks.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobSender } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { webhookDisabledMail } from '../../providers/mail/templates.ts';
import * as repo from './repository.ts';
import { newWebhookSecret, signatureHeader } from './signing.ts';
import { postJson, refusalOf, type AttemptResult } from './transport.ts';

export const DELIVER_WEBHOOK_JOB = 'webhooks.deliver';
/** Retries go on this long after the event; then the delivery is failed (Redeliver still sends it once more). */
export const RETRY_FOR_MS = 24 * 3_600_000;
/** An endpoint whose every delivery failed this long is turned off and its owner mailed. */
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;
/** An attempt holds its delivery this long (a second job for it waits): longer than the timeout. */
const LEASE_MS = 60_000;
/** A delivery recorded with no job sent yet (emitIn) is the sweep's once it is this old (its commit has happened). */
const UNSENT_GRACE_MS = 5_000;
const DELIVERIES_LISTED = 50;

/** The wait before attempt n+1 after n failed ones: 30 s, doubling, at most an hour. */
export const retryDelayMs = (failedAttempts: number) => Math.min(30_000 * 2 ** Math.max(0, failedAttempts - 1), 3_600_000);

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  jobs: JobSender;
  mailer: Mailer;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  settings: { allowPrivate: boolean; timeoutMs: number };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const toEndpoint = (row: repo.WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  created_at: row.createdAt.toISOString(),
  disabled_at: iso(row.disabledAt),
  failing_since: iso(row.failingSince),
});
const toDelivery = (row: repo.WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  event_id: row.eventId,
  event_type: row.eventType as WebhookEvent,
  status: row.status,
  attempts: row.attempts,
  last_status_code: row.lastStatusCode,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
  delivered_at: iso(row.deliveredAt),
  next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
});

/** Webhook endpoints and their signed deliveries: recorded when an event happens, sent and retried by the workers. */
export function createWebhooksService(deps: WebhooksDeps) {
  const { db, clock, settings } = deps;

  async function ownEndpoint(userId: string, id: string): Promise<repo.WebhookEndpointRow> {
    const endpoint = await repo.endpointOf(db, userId, id);
    if (!endpoint) throw notFound('Webhook not found.');
    return endpoint;
  }

  const send = (deliveryId: string, startAfter?: Date) => deps.jobs.send(DELIVER_WEBHOOK_JOB, { deliveryId }, startAfter ? { startAfter } : undefined);

  /** One delivery of the event per live endpoint of the user's that chose it: their ids. */
  async function record<T>(on: DbOrTx, userId: string, type: WebhookEvent, data: T): Promise<string[]> {
    const endpoints = await repo.subscribers(on, userId, type);
    if (endpoints.length === 0) return [];
    const now = clock.now();
    const payload: WebhookPayload<T> = { id: randomUUID(), type, created_at: now.toISOString(), data };
    const body = JSON.stringify(payload);
    return repo.insertDeliveries(on, endpoints.map((e) => ({ endpointId: e.id, eventId: payload.id, eventType: type, body, now })));
  }

  /**
   * One attempt's outcome recorded: done, retried later, or failed for good; the endpoint's run of failures kept.
   * Answers whether the endpoint took it (a 2xx).
   */
  async function settleAttempt(delivery: repo.WebhookDeliveryRow, endpoint: repo.WebhookEndpointRow, result: AttemptResult): Promise<boolean> {
    const now = clock.now();
    const ok = 'status' in result && result.status >= 200 && result.status < 300;
    const statusCode = 'status' in result ? result.status : null;
    const error = ok ? null : 'error' in result ? result.error : `answered ${result.status}`;
    if (ok) {
      await repo.recordAttempt(db, delivery.id, { status: 'succeeded', statusCode, error: null, nextAttemptAt: null, deliveredAt: now });
      await repo.clearFailing(db, endpoint.id);
      return true;
    }
    const retrying = now.getTime() - delivery.createdAt.getTime() < RETRY_FOR_MS;
    const next = retrying ? new Date(now.getTime() + retryDelayMs(delivery.attempts + 1)) : null;
    await repo.recordAttempt(db, delivery.id, { status: retrying ? 'pending' : 'failed', statusCode, error, nextAttemptAt: next, deliveredAt: null });
    if (next) await send(delivery.id, next);
    const failing = await repo.markFailing(db, endpoint.id, now);
    if (failing?.failingSince && now.getTime() - failing.failingSince.getTime() >= DISABLE_AFTER_MS && (await repo.disableEndpoint(db, endpoint.id, now))) {
      deps.log.info({ endpointId: endpoint.id }, 'webhook endpoint disabled after 3 days of failures');
      const email = await repo.emailOf(db, endpoint.userId);
      if (email) {
        await deps.mailer
          .send(webhookDisabledMail(email, { url: endpoint.url, failingSince: failing.failingSince, link: `${deps.publicUrl}/dashboard?tab=webhooks` }))
          .catch((err: unknown) => deps.log.warn({ err, endpointId: endpoint.id }, 'webhook-disabled mail not sent'));
      }
    }
    return false;
  }

  return {
    async list(userId: string): Promise<{ endpoints: WebhookEndpoint[]; max_endpoints: number }> {
      return { endpoints: (await repo.endpointsOf(db, userId)).map(toEndpoint), max_endpoints: MAX_WEBHOOK_ENDPOINTS };
    },

    async create(userId: string, request: CreateWebhookRequest): Promise<CreatedWebhook> {
      const refusal = await refusalOf(request.url, settings.allowPrivate);
      if (refusal) throw badRequest(refusal, { field: 'url' });
      const row = await db.transaction(async (tx) => {
        // Two creations of one user take turns, so the cap holds.
        await repo.lockUser(tx, userId);
        if ((await repo.countEndpoints(tx, userId)) >= MAX_WEBHOOK_ENDPOINTS) {
          throw conflict(`You have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most an account may have. Delete one to add another.`);
        }
        return repo.insertEndpoint(tx, { userId, url: request.url, events: [...request.events], secret: newWebhookSecret(), now: clock.now() });
      });
      return { id: row.id, secret: row.secret, url: row.url, events: row.events as WebhookEvent[] };
    },

    async remove(userId: string, id: string): Promise<{ deleted: true }> {
      if (!(await repo.deleteEndpoint(db, userId, id))) throw notFound('Webhook not found.');
      return { deleted: true };
    },

    async deliveries(userId: string, endpointId: string): Promise<{ deliveries: WebhookDelivery[] }> {
      const endpoint = await ownEndpoint(userId, endpointId);
      return { deliveries: (await repo.deliveriesOf(db, endpoint.id, DELIVERIES_LISTED)).map(toDelivery) };
    },

    /** One more attempt now, of the same event (same id and body, signed anew). */
    async redeliver(userId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
      const endpoint = await ownEndpoint(userId, endpointId);
      if (endpoint.disabledAt) throw conflict('This endpoint was turned off after failing for 3 days. Add it again once it answers.');
      if (!(await repo.deliveryOf(db, endpoint.id, deliveryId))) throw notFound('Delivery not found.');
      const requeued = await repo.requeueDelivery(db, deliveryId, clock.now());
      await send(deliveryId);
      return toDelivery(requeued!);
    },

    /**
     * An event of a user's: one delivery per live endpoint that chose it, recorded, then handed to the workers. A
     * failure here is logged, never the caller's (the event happened either way).
     */
    async emit<T>(userId: string, type: WebhookEvent, data: T): Promise<void> {
      try {
        for (const id of await record(db, userId, type, data)) await send(id);
      } catch (err) {
        deps.log.warn({ err, userId, type }, 'webhook event not recorded');
      }
    },

    /**
     * An event recorded in the caller's transaction, so it exists exactly when what it tells committed (a payment's
     * credits). No job is sent from inside a transaction (PGlite has one connection): the sweep sends it, within a
     * minute and a little.
     */
    async emitIn<T>(tx: DbOrTx, userId: string, type: WebhookEvent, data: T): Promise<void> {
      await record(tx, userId, type, data);
    },

    /** The job: one signed attempt of a due delivery. */
    async deliver(deliveryId: string): Promise<'sent' | 'failed' | 'skipped'> {
      const delivery = await repo.claimDelivery(db, deliveryId, clock.now(), LEASE_MS);
      if (!delivery) return 'skipped';
      const endpoint = await repo.endpointById(db, delivery.endpointId);
      if (!endpoint) return 'skipped';
      if (endpoint.disabledAt) {
        await repo.recordAttempt(db, delivery.id, { status: 'failed', statusCode: null, error: 'endpoint turned off', nextAttemptAt: null, deliveredAt: null });
        return 'failed';
      }
      const headers = {
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(endpoint.secret, delivery.body, Math.floor(clock.now().getTime() / 1000)),
        [WEBHOOK_EVENT_ID_HEADER]: delivery.eventId,
      };
      const result = await postJson(endpoint.url, delivery.body, headers, { timeoutMs: settings.timeoutMs, allowPrivate: settings.allowPrivate });
      return (await settleAttempt(delivery, endpoint, result)) ? 'sent' : 'failed';
    },

    /** Due deliveries no job took (a process died after recording them): handed to the workers again. */
    async sweep(): Promise<number> {
      const now = clock.now().getTime();
      const overdue = await repo.overdueDeliveries(db, { before: new Date(now - LEASE_MS), unsentBefore: new Date(now - UNSENT_GRACE_MS) }, 500);
      for (const id of overdue) await send(id);
      return overdue.length;
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
