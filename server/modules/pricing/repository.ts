import { and, asc, eq } from 'drizzle-orm';
import type { PricingSeed } from '../../../contract/tool-prices.ts';
import type { DbOrTx } from '../../db/client.ts';
import { pricing, siteSettings, toolsConfig } from '../../db/schema/index.ts';

export type PricingRow = typeof pricing.$inferSelect;

export async function insertMissingPrices(db: DbOrTx, seeds: readonly PricingSeed[]): Promise<number> {
  const rows = await db
    .insert(pricing)
    .values(
      seeds.map((p) => ({
        serviceType: p.service_type,
        serviceVariant: p.service_variant,
        userCostCredits: p.user_cost_credits,
        actualCostUsd: p.actual_cost_usd,
        description: p.description,
      })),
    )
    .onConflictDoNothing({ target: [pricing.serviceType, pricing.serviceVariant] })
    .returning({ id: pricing.id });
  return rows.length;
}

export async function findPrice(db: DbOrTx, serviceType: string, variant: string): Promise<PricingRow | undefined> {
  const [row] = await db
    .select()
    .from(pricing)
    .where(and(eq(pricing.serviceType, serviceType), eq(pricing.serviceVariant, variant)));
  return row;
}

export async function listPrices(db: DbOrTx): Promise<PricingRow[]> {
  return db.select().from(pricing).orderBy(asc(pricing.serviceType), asc(pricing.serviceVariant));
}

export interface PriceFields {
  serviceType: string;
  serviceVariant: string;
  userCostCredits: string;
  actualCostUsd: string;
  description: string;
}

export async function findPriceById(db: DbOrTx, id: number, lock = false): Promise<PricingRow | undefined> {
  const query = db.select().from(pricing).where(eq(pricing.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Inserts a price; answers undefined when the service and variant already have one. */
export async function insertPrice(db: DbOrTx, fields: PriceFields, now: Date): Promise<PricingRow | undefined> {
  const [row] = await db
    .insert(pricing)
    .values({ ...fields, updatedAt: now })
    .onConflictDoNothing({ target: [pricing.serviceType, pricing.serviceVariant] })
    .returning();
  return row;
}

export async function updatePrice(db: DbOrTx, id: number, fields: Partial<PriceFields>, now: Date): Promise<PricingRow | undefined> {
  const [row] = await db.update(pricing).set({ ...fields, updatedAt: now }).where(eq(pricing.id, id)).returning();
  return row;
}

export async function deletePrice(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(pricing).where(eq(pricing.id, id)).returning({ id: pricing.id });
  return rows.length > 0;
}

/** One value of the generic `site_settings` table (the pricing module's key: 'transcription'). */
export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  return row?.value;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown, adminId: string, now: Date): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value, updatedAt: now, updatedBy: adminId })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: now, updatedBy: adminId } });
}

/** Locks a setting's row (when there is one) for the rest of the transaction. */
export async function lockSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key)).for('update');
  return row?.value;
}

/** Tools the admin set to disabled: hidden everywhere (spec 3 §4), so their prices are not advertised either. */
export async function disabledToolIds(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ id: toolsConfig.id }).from(toolsConfig).where(eq(toolsConfig.status, 'disabled'));
  return new Set(rows.map((r) => r.id));
}
