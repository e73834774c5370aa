import { z } from 'zod';
import {
  DEFAULT_TRANSCRIPTION_SETTINGS,
  pricingImportResponse,
  TRANSCRIPTION_PROVIDER_CHOICES,
  TRANSCRIPTION_PROVIDER_LABELS,
  type PricingEntry,
  type PricingImport,
  type PricingImportResult,
  type PricingSyncResult,
  type PricingSyncToProdResult,
  type TranscriptionProviderChoice,
  type TranscriptionSettings,
} from '../../../contract/admin-settings.ts';
import { DEFAULT_PRICING, TOOL_SERVICE } from '../../../contract/credits.ts';
import { cmp, normalize } from '../../../contract/decimal.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { AppError, badRequest, conflict, notFound, serviceUnavailable } from '../../lib/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import * as repo from './repository.ts';

/** The site_settings key of the transcription settings. */
export const TRANSCRIPTION_SETTING_KEY = 'transcription';

const storedTranscription = z.object({
  provider: z.enum(TRANSCRIPTION_PROVIDER_CHOICES),
  pricing_per_minute: z.string().regex(/^\d+(\.\d+)?$/),
});
type StoredTranscription = z.infer<typeof storedTranscription>;

export interface PricingAdminDeps {
  db: Db;
  clock: Clock;
  audit: AuditRecorder;
  /** The speech engines this server can run: which named ones are configured, and what `auto` resolves to. */
  transcription: { configured: ReadonlyArray<Exclude<TranscriptionProviderChoice, 'auto'>>; autoEngine: string | null };
  /**
   * Copy to production: `isDevelopment` allows the sending side; `url` and `token` say where and with what. The
   * receiving side accepts an import only with `token` (the same setting on the production app).
   */
  productionSync: { isDevelopment: boolean; url?: string | undefined; token?: string | undefined; timeoutMs?: number };
  /** The HTTP client of the copy (tests may pass their own). */
  fetch?: typeof fetch;
}

/** A price row as the admin screen shows it. */
function entryOf(row: repo.PricingRow): PricingEntry {
  const user = normalize(row.userCostCredits);
  const actual = normalize(row.actualCostUsd);
  const priced = cmp(user, '0') > 0;
  const inUse = Object.values(TOOL_SERVICE).some((s) => s.serviceType === row.serviceType && s.variant === row.serviceVariant);
  return {
    id: row.id,
    service_type: row.serviceType,
    service_variant: row.serviceVariant,
    user_cost_credits: user,
    actual_cost_usd: String(Number(row.actualCostUsd)),
    description: row.description,
    // A ratio for display (1 credit = $1): one decimal is all the screen shows, so a float is fine here.
    margin_percent: priced ? (((Number(user) - Number(actual)) / Number(user)) * 100).toFixed(1) : null,
    in_use: inUse,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns of a row an admin can change, by their wire names, for the audit's before/after. */
const wireFields = (row: repo.PricingRow) => ({
  service_type: row.serviceType,
  service_variant: row.serviceVariant,
  user_cost_credits: normalize(row.userCostCredits),
  actual_cost_usd: String(Number(row.actualCostUsd)),
  description: row.description,
});
type WireFields = ReturnType<typeof wireFields>;

function changed(before: WireFields, after: WireFields) {
  const keys = (Object.keys(after) as Array<keyof WireFields>).filter((k) => {
    if (k === 'user_cost_credits' || k === 'actual_cost_usd') return Number(before[k]) !== Number(after[k]);
    return before[k] !== after[k];
  });
  return keys.length === 0 ? null : { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}

const duplicate = (type: string, variant: string) => conflict(`A price for ${type} (${variant}) already exists.`, { field: 'service_variant' });

/** System Settings (spec 3 §2, §7): the transcription engine, the pricing table and its syncs. */
export function createPricingAdmin(deps: PricingAdminDeps) {
  const { db } = deps;

  async function storedSettings(): Promise<StoredTranscription | null> {
    const parsed = storedTranscription.safeParse(await repo.readSetting(db, TRANSCRIPTION_SETTING_KEY));
    return parsed.success ? parsed.data : null;
  }

  const configuredChoice = (choice: TranscriptionProviderChoice) => choice === 'auto' || deps.transcription.configured.includes(choice);

  /** The import's guard: 404 while the production app has no PRODUCTION_SYNC_TOKEN, 401 for a wrong or missing one. */
  function checkImportToken(token: string | undefined): void {
    const expected = deps.productionSync.token;
    if (!expected) throw notFound('Not found');
    if (!token || !safeEqual(token, expected)) throw new AppError('UNAUTHENTICATED', 'Wrong or missing bearer token.');
  }

  async function transcriptionSettings(): Promise<TranscriptionSettings> {
    const saved = await storedSettings();
    const current = saved ?? DEFAULT_TRANSCRIPTION_SETTINGS;
    return {
      provider: current.provider,
      pricing_per_minute: normalize(current.pricing_per_minute),
      is_default: saved === null,
      auto_engine: deps.transcription.autoEngine,
      providers: TRANSCRIPTION_PROVIDER_CHOICES.map((id) => ({ id, label: TRANSCRIPTION_PROVIDER_LABELS[id], configured: configuredChoice(id) })),
    };
  }

  return {
    /**
     * The engine the admin chose, for the transcription module at run time: null when none is saved (or the saved one
     * is no longer configured), so the server's TRANSCRIPTION_PROVIDER applies.
     */
    async transcriptionEngine(): Promise<Exclude<TranscriptionProviderChoice, 'auto'> | null> {
      const saved = await storedSettings();
      if (!saved || saved.provider === 'auto' || !configuredChoice(saved.provider)) return null;
      return saved.provider;
    },

    transcriptionSettings,

    async saveTranscriptionSettings(adminId: string, input: { provider: TranscriptionProviderChoice; pricing_per_minute: string }): Promise<TranscriptionSettings> {
      if (!configuredChoice(input.provider)) {
        throw badRequest(`The ${TRANSCRIPTION_PROVIDER_LABELS[input.provider]} engine is not configured on this server.`, { field: 'provider' });
      }
      const next: StoredTranscription = { provider: input.provider, pricing_per_minute: normalize(input.pricing_per_minute) };
      await db.transaction(async (tx) => {
        const parsed = storedTranscription.safeParse(await repo.lockSetting(tx, TRANSCRIPTION_SETTING_KEY));
        const before: StoredTranscription = parsed.success ? parsed.data : { ...DEFAULT_TRANSCRIPTION_SETTINGS };
        await repo.writeSetting(tx, TRANSCRIPTION_SETTING_KEY, next, adminId, deps.clock.now());
        // The first save records both fields (the defaults were never stored); later ones only what changed.
        const keys = (['provider', 'pricing_per_minute'] as const).filter(
          (k) => !parsed.success || (k === 'provider' ? before.provider !== next.provider : cmp(before.pricing_per_minute, next.pricing_per_minute) !== 0),
        );
        if (keys.length === 0) return;
        await deps.audit.record(tx, {
          adminId,
          area: 'settings',
          action: 'transcription.update',
          targetId: TRANSCRIPTION_SETTING_KEY,
          before: Object.fromEntries(keys.map((k) => [k, before[k]])),
          after: Object.fromEntries(keys.map((k) => [k, next[k]])),
        });
      });
      return transcriptionSettings();
    },

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

export type PricingAdmin = ReturnType<typeof createPricingAdmin>;
