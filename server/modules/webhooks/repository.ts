import { and, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow, type WebhookEndpointRow } from '../../db/schema/index.ts';

export type { WebhookDeliveryRow, WebhookEndpointRow };
export { emailOf, lockUser } from '../../db/user-rows.ts';

export async function endpointsOf(db: DbOrTx, userId: string): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function endpointOf(db: DbOrTx, userId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  return row;
}

export async function endpointById(db: DbOrTx, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

/** The live endpoints of a user that chose this event. */
export async function subscribers(db: DbOrTx, userId: string, event: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), isNull(webhookEndpoints.disabledAt), sql`${event} = any(${webhookEndpoints.events})`));
}

export async function countEndpoints(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  return row?.n ?? 0;
}

export async function insertEndpoint(db: DbOrTx, values: { userId: string; url: string; events: string[]; secret: string; now: Date }): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values({ ...values, createdAt: values.now }).returning();
  return row!;
}

export async function deleteEndpoint(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId))).returning({ id: webhookEndpoints.id });
  return rows.length === 1;
}

export async function insertDeliveries(db: DbOrTx, rows: Array<{ endpointId: string; eventId: string; eventType: string; body: string; now: Date }>): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(webhookDeliveries)
    .values(rows.map((r) => ({ endpointId: r.endpointId, eventId: r.eventId, eventType: r.eventType, body: r.body, createdAt: r.now, nextAttemptAt: r.now })))
    .returning({ id: webhookDeliveries.id });
  return inserted.map((r) => r.id);
}

export async function deliveriesOf(db: DbOrTx, endpointId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(limit);
}

export async function deliveryOf(db: DbOrTx, endpointId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  return row;
}

/**
 * Takes a due pending delivery for one attempt: its next attempt moves `leaseMs` ahead, so a second job for it (the
 * sweep's) finds nothing to do meanwhile. Undefined when it is not due, not pending or gone.
 */
export async function claimDelivery(db: DbOrTx, id: string, now: Date, leaseMs: number): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .returning();
  return row;
}

export async function recordAttempt(
  db: DbOrTx,
  id: string,
  values: { status: 'pending' | 'succeeded' | 'failed'; statusCode: number | null; error: string | null; nextAttemptAt: Date | null; deliveredAt: Date | null },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: values.status,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: values.statusCode,
      lastError: values.error,
      nextAttemptAt: values.nextAttemptAt,
      deliveredAt: values.deliveredAt,
    })
    .where(eq(webhookDeliveries.id, id));
}

/** Makes a delivery due now again (Redeliver): pending, its attempts and last answer kept. */
export async function requeueDelivery(db: DbOrTx, id: string, now: Date): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db.update(webhookDeliveries).set({ status: 'pending', nextAttemptAt: now }).where(eq(webhookDeliveries.id, id)).returning();
  return row;
}

/** An endpoint answered 2xx: its run of failures ends. */
export async function clearFailing(db: DbOrTx, endpointId: string): Promise<void> {
  await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
}

/** A failed attempt: the run of failures starts now unless it already had. Answers the endpoint as it is after. */
export async function markFailing(db: DbOrTx, endpointId: string, now: Date): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  return row;
}

/** Turns an endpoint off once (the one caller whose update took it tells its owner). */
export async function disableEndpoint(db: DbOrTx, endpointId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ disabledAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  return rows.length === 1;
}

/** Pending deliveries due before `before` that no job took (their process died between the insert and the send). */
/**
 * Pending deliveries no job has taken: one due before `before` (a lease's length ago), or one never tried and
 * recorded before `unsentBefore` (a delivery recorded in another module's transaction waits for the sweep).
 */
export async function overdueDeliveries(db: DbOrTx, cutoffs: { before: Date; unsentBefore: Date }, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        or(
          lte(webhookDeliveries.nextAttemptAt, cutoffs.before),
          and(eq(webhookDeliveries.attempts, 0), lte(webhookDeliveries.createdAt, cutoffs.unsentBefore)),
        ),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}
