import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIXES, API_KEY_SHOWN_LENGTH, MAX_LIVE_API_KEYS, type ApiKey, type ApiScope, type CreateApiKeyRequest, type CreatedApiKey } from '../../../contract/api-keys.ts';
import { add, normalize } from '../../../contract/decimal.ts';
import { monthOf } from '../../../contract/spending.ts';
import type { Db, RawQuery } from '../../db/client.ts';
import type { LiveApiKey } from '../../http/session.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/** A key's last use is written at most this often (the list shows it; a write per call would cost more). */
export const LAST_USED_INTERVAL_MS = 60_000;

export interface ApiKeysDeps {
  db: Db;
  query: RawQuery;
  clock: Clock;
  /** 'test' on the built-in test checkout (no Stripe keys): its keys say so (`ak_test_`). */
  mode: keyof typeof API_KEY_PREFIXES;
}

/** A key as the list shows it; `held`: what it holds now, counted with this month's captures against its cap. */
const toApiKey = (row: repo.ApiKeyRow, now: Date, held = '0'): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiScope[],
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  monthly_cap: row.monthlyCap === null ? null : normalize(row.monthlyCap),
  spent_this_month: normalize(add(row.spentMonth === monthOf(now) ? row.spentInMonth : '0', held)),
});

/** Personal API keys: created (shown once), listed, revoked; and the bearer lookup the session guard makes. */
export function createApiKeysService(deps: ApiKeysDeps) {
  const { db, clock } = deps;
  return {
    async list(userId: string): Promise<{ keys: ApiKey[]; max_keys: number }> {
      const keys = await repo.liveKeysOf(db, userId);
      const held = await repo.openHeldByKey(
        db,
        keys.map((k) => k.id),
      );
      const now = clock.now();
      return { keys: keys.map((k) => toApiKey(k, now, held.get(k.id))), max_keys: MAX_LIVE_API_KEYS };
    },

    async create(userId: string, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
      const key = `${API_KEY_PREFIXES[deps.mode]}${randomBytes(24).toString('base64url')}`;
      const row = await db.transaction(async (tx) => {
        // Two creations of one user take turns, so the cap holds.
        await repo.lockUser(tx, userId);
        if ((await repo.countLiveKeys(tx, userId)) >= MAX_LIVE_API_KEYS) {
          throw conflict(`You have ${MAX_LIVE_API_KEYS} API keys, the most an account may hold. Revoke one you no longer use to create another.`);
        }
        return repo.insertKey(tx, {
          userId,
          name: request.name,
          keyHash: sha256(key),
          prefix: key.slice(0, API_KEY_SHOWN_LENGTH),
          scopes: [...request.scopes],
          monthlyCap: request.monthly_cap ?? null,
          now: clock.now(),
        });
      });
      const { id, name, prefix, scopes, created_at, monthly_cap } = toApiKey(row, clock.now());
      return { id, key, prefix, name, scopes, created_at, monthly_cap };
    },

    /** Effective at once: the guard reads the key on every call, nothing caches it. */
    async revoke(userId: string, id: string): Promise<{ revoked: true }> {
      if (!(await repo.revokeKey(db, userId, id, clock.now()))) throw notFound('API key not found. It may have been revoked already.');
      return { revoked: true };
    },

    /** The session guard's lookup (server/http/session.ts): one select, and a write at most once a minute per key. */
    async liveKey(keyHash: string, now: Date): Promise<LiveApiKey | undefined> {
      const found = await repo.findLiveKey(deps.query, keyHash);
      if (!found) return undefined;
      const staleBefore = new Date(now.getTime() - LAST_USED_INTERVAL_MS);
      if (!found.lastUsedAt || found.lastUsedAt < staleBefore) await repo.touchKey(db, found.key.id, now, staleBefore);
      return { key: found.key, user: found.user, account: found.account };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
