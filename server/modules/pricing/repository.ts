import { and, asc, eq } from 'drizzle-orm';
import type { PricingSeed } from '../../../contract/credits.ts';
import type { DbOrTx } from '../../db/client.ts';
import { pricing } from '../../db/schema/index.ts';

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
