import type { PricingEntry, PricingSyncResult } from '../../../contract/admin-settings.ts';
import { DEFAULT_PRICING } from '../../../contract/tool-prices.ts';
import { normalize } from '../../../contract/decimal.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { changed, duplicate, entryOf, wireFields, type WireFields } from './price-rows.ts';
import * as repo from './repository.ts';

/** The admin's pricing table (spec 3 §7): list, add, edit and delete prices, and add the catalogue's missing ones. */
export function createPriceTable(deps: { db: Db; clock: Clock; audit: AuditRecorder }) {
  const { db } = deps;

  return {
    async listPricing(): Promise<PricingEntry[]> {
      return (await repo.listPrices(db)).map(entryOf);
    },

    async createPrice(adminId: string, input: { service_type: string; service_variant: string; user_cost_credits: string; actual_cost_usd: string; description: string }): Promise<PricingEntry> {
      return db.transaction(async (tx) => {
        const row = await repo.insertPrice(
          tx,
          {
            serviceType: input.service_type,
            serviceVariant: input.service_variant,
            userCostCredits: input.user_cost_credits,
            actualCostUsd: input.actual_cost_usd,
            description: input.description,
          },
          deps.clock.now(),
        );
        if (!row) throw duplicate(input.service_type, input.service_variant);
        await deps.audit.record(tx, { adminId, area: 'settings', action: 'pricing.create', targetId: String(row.id), before: null, after: wireFields(row) });
        return entryOf(row);
      });
    },

    async updatePrice(
      adminId: string,
      input: { id: number; service_type?: string | undefined; service_variant?: string | undefined; user_cost_credits?: string | undefined; actual_cost_usd?: string | undefined; description?: string | undefined },
    ): Promise<PricingEntry> {
      return db.transaction(async (tx) => {
        const current = await repo.findPriceById(tx, input.id, true);
        if (!current) throw notFound('There is no price with that id.');
        const was = wireFields(current);
        const wanted: WireFields = {
          service_type: input.service_type ?? was.service_type,
          service_variant: input.service_variant ?? was.service_variant,
          user_cost_credits: input.user_cost_credits === undefined ? was.user_cost_credits : normalize(input.user_cost_credits),
          actual_cost_usd: input.actual_cost_usd === undefined ? was.actual_cost_usd : String(Number(input.actual_cost_usd)),
          description: input.description ?? was.description,
        };
        const renames = wanted.service_type !== was.service_type || wanted.service_variant !== was.service_variant;
        if (renames && entryOf(current).in_use) {
          throw conflict(`A tool charges ${was.service_type} (${was.service_variant}) now: change its price, not its name.`, { field: 'service_type' });
        }
        if (renames && (await repo.findPrice(tx, wanted.service_type, wanted.service_variant))) throw duplicate(wanted.service_type, wanted.service_variant);
        const changes = changed(was, wanted);
        if (!changes) return entryOf(current);
        const row = await repo.updatePrice(
          tx,
          current.id,
          {
            serviceType: wanted.service_type,
            serviceVariant: wanted.service_variant,
            userCostCredits: wanted.user_cost_credits,
            actualCostUsd: wanted.actual_cost_usd,
            description: wanted.description,
          },
          deps.clock.now(),
        );
        await deps.audit.record(tx, { adminId, area: 'settings', action: 'pricing.update', targetId: String(current.id), ...changes });
        return entryOf(row!);
      });
    },

    /**
     * Deletes a price. One a tool charges now (TOOL_SERVICE) is refused with 409: without it that tool could not
     * quote a price and every use of it would fail; change its price instead. The body is the row as the table
     * listed it: a service type or variant sent must still be the row's (409 when it was renamed since, so the
     * admin never deletes a row other than the one confirmed); its prices and description are not compared.
     */
    async deletePrice(adminId: string, input: { id: number; service_type?: string | undefined; service_variant?: string | undefined }): Promise<{ deleted: true; id: number }> {
      const { id } = input;
      return db.transaction(async (tx) => {
        const current = await repo.findPriceById(tx, id, true);
        if (!current) throw notFound('There is no price with that id.');
        const renamed = (['service_type', 'service_variant'] as const).find((k) => input[k] !== undefined && input[k] !== wireFields(current)[k]);
        if (renamed) {
          throw conflict(`The price with this id is now ${current.serviceType} (${current.serviceVariant}): reload the table before deleting it.`, { field: renamed });
        }
        if (entryOf(current).in_use) {
          throw conflict(`A tool charges ${current.serviceType} (${current.serviceVariant}) now, so it cannot be deleted; change its price instead.`);
        }
        await repo.deletePrice(tx, id);
        await deps.audit.record(tx, { adminId, area: 'settings', action: 'pricing.delete', targetId: String(id), before: wireFields(current), after: null });
        return { deleted: true as const, id };
      });
    },

    /** Adds the catalogue's prices (DEFAULT_PRICING) that are missing; an existing one, edited or not, is kept. */
    async syncPricing(adminId: string): Promise<PricingSyncResult> {
      return db.transaction(async (tx) => {
        const existing = new Set((await repo.listPrices(tx)).map((r) => `${r.serviceType}\u0000${r.serviceVariant}`));
        const missing = DEFAULT_PRICING.filter((p) => !existing.has(`${p.service_type}\u0000${p.service_variant}`));
        const now = deps.clock.now();
        let added = 0;
        for (const seed of missing) {
          const row = await repo.insertPrice(
            tx,
            { serviceType: seed.service_type, serviceVariant: seed.service_variant, userCostCredits: seed.user_cost_credits, actualCostUsd: seed.actual_cost_usd, description: seed.description },
            now,
          );
          if (!row) continue;
          added++;
          await deps.audit.record(tx, { adminId, area: 'settings', action: 'pricing.sync', targetId: String(row.id), before: null, after: wireFields(row) });
        }
        const message = added === 0 ? 'Every catalogue price is already in the table.' : `Added ${added} missing catalogue price${added === 1 ? '' : 's'}.`;
        return { message, updated_count: added };
      });
    },
  };
}
