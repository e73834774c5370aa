import {
  pricingImportResponse,
  type PricingImport,
  type PricingImportResult,
  type PricingSyncToProdResult,
} from '../../../contract/admin-settings.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { AppError, notFound, serviceUnavailable } from '../../lib/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { changed, wireFields } from './price-rows.ts';
import * as repo from './repository.ts';

export interface ProductionSyncDeps {
  db: Db;
  clock: Clock;
  audit: AuditRecorder;
  /**
   * Copy to production: `isDevelopment` allows the sending side; `url` and `token` say where and with what. The
   * receiving side accepts an import only with `token` (the same setting on the production app).
   */
  productionSync: { isDevelopment: boolean; url?: string | undefined; token?: string | undefined; timeoutMs?: number };
  /** The HTTP client of the copy (tests may pass their own). */
  fetch?: typeof fetch;
}

/** The copy of the price table from a development host to the production app (spec 3 §7): both sides. */
export function createProductionSync(deps: ProductionSyncDeps) {
  const { db } = deps;

  /** The import's guard: 404 while the production app has no PRODUCTION_SYNC_TOKEN, 401 for a wrong or missing one. */
  function checkImportToken(token: string | undefined): void {
    const expected = deps.productionSync.token;
    if (!expected) throw notFound('Not found');
    if (!token || !safeEqual(token, expected)) throw new AppError('UNAUTHENTICATED', 'Wrong or missing bearer token.');
  }

  return {
    /** The receiving side of the copy: upserts every row sent, with the production app's audit (no admin). */
    checkImportToken,

    async importPricing(token: string | undefined, body: PricingImport): Promise<PricingImportResult> {
      checkImportToken(token);
      return db.transaction(async (tx) => {
        const now = deps.clock.now();
        const result = { created_count: 0, updated_count: 0, unchanged_count: 0 };
        for (const item of body.pricing) {
          const current = await repo.findPrice(tx, item.service_type, item.service_variant);
          if (!current) {
            const row = await repo.insertPrice(
              tx,
              { serviceType: item.service_type, serviceVariant: item.service_variant, userCostCredits: item.user_cost_credits, actualCostUsd: item.actual_cost_usd, description: item.description },
              now,
            );
            result.created_count++;
            await deps.audit.record(tx, { adminId: null, area: 'settings', action: 'pricing.import', targetId: String(row!.id), before: null, after: wireFields(row!) });
            continue;
          }
          const changes = changed(wireFields(current), { ...wireFields(current), user_cost_credits: item.user_cost_credits, actual_cost_usd: item.actual_cost_usd, description: item.description });
          if (!changes) {
            result.unchanged_count++;
            continue;
          }
          await repo.updatePrice(tx, current.id, { userCostCredits: item.user_cost_credits, actualCostUsd: item.actual_cost_usd, description: item.description }, now);
          result.updated_count++;
          await deps.audit.record(tx, { adminId: null, area: 'settings', action: 'pricing.import', targetId: String(current.id), ...changes });
        }
        return result;
      });
    },

    /** The sending side (development hosts only): posts the whole table to the production app's import. */
    async syncToProduction(adminId: string): Promise<PricingSyncToProdResult> {
      const sync = deps.productionSync;
      if (!sync.isDevelopment) throw notFound('Copying prices to production is only offered on a development host.');
      if (!sync.url || !sync.token) {
        throw serviceUnavailable('Copy to production is not configured: set PRODUCTION_SYNC_URL and PRODUCTION_SYNC_TOKEN on this host.');
      }
      const rows = await repo.listPrices(db);
      const pricing = rows.map(wireFields);
      const url = new URL('/api/pricing/import', sync.url);
      let response: Response;
      try {
        response = await (deps.fetch ?? fetch)(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${sync.token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ pricing }),
          signal: AbortSignal.timeout(sync.timeoutMs ?? 15_000),
        });
      } catch (err) {
        throw serviceUnavailable(`The production app could not be reached at ${url.origin} (${(err as Error).name === 'TimeoutError' ? 'timed out' : (err as Error).message}).`);
      }
      const answer = (await response.json().catch(() => null)) as { success?: boolean; data?: unknown; error?: { message?: string } } | null;
      if (!response.ok || !answer?.success) {
        const reason = answer?.error?.message ?? `HTTP ${response.status}`;
        throw serviceUnavailable(`The production app refused the prices (${response.status}): ${reason}`);
      }
      const result = pricingImportResponse.safeParse(answer.data);
      if (!result.success) throw serviceUnavailable('The production app answered in an unexpected shape.');
      await db.transaction((tx) =>
        deps.audit.record(tx, {
          adminId,
          area: 'settings',
          action: 'pricing.sync_to_prod',
          targetId: url.origin,
          before: null,
          after: { sent_count: pricing.length, ...result.data },
        }),
      );
      const { created_count, updated_count, unchanged_count } = result.data;
      return {
        message: `Sent ${pricing.length} prices to production: ${created_count} added, ${updated_count} updated, ${unchanged_count} unchanged.`,
        sent_count: pricing.length,
        ...result.data,
      };
    },
  };
}
