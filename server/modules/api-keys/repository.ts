import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { CALLER_COLUMNS, callerOf, type CallerRecord } from '../../db/caller-record.ts';
import type { DbOrTx, RawQuery, Statement } from '../../db/client.ts';
import { apiKeys, creditHolds, type ApiKeyRow } from '../../db/schema/index.ts';
import type { LiveApiKey } from '../../http/session.ts';

export type { ApiKeyRow };
export { lockUser } from '../../db/user-rows.ts';

/** A user's live keys, newest first. */
export async function liveKeysOf(db: DbOrTx, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function countLiveKeys(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertKey(
  db: DbOrTx,
  values: { userId: string; name: string; keyHash: string; prefix: string; scopes: string[]; monthlyCap: string | null; now: Date },
): Promise<ApiKeyRow> {
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId: values.userId,
      name: values.name,
      keyHash: values.keyHash,
      prefix: values.prefix,
      scopes: values.scopes,
      monthlyCap: values.monthlyCap,
      createdAt: values.now,
    })
    .returning();
  return row!;
}

/** What each of these keys holds now for work under way (open holds), by key id; a key holding nothing is absent. */
export async function openHeldByKey(db: DbOrTx, keyIds: string[]): Promise<Map<string, string>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .select({ keyId: creditHolds.apiKeyId, held: sql<string>`sum(${creditHolds.amount})::text` })
    .from(creditHolds)
    .where(and(inArray(creditHolds.apiKeyId, keyIds), eq(creditHolds.status, 'open')))
    .groupBy(creditHolds.apiKeyId);
  return new Map(rows.map((r) => [r.keyId!, r.held]));
}

/** Revokes one of the user's live keys; false when it is not theirs, unknown or revoked already. */
export async function revokeKey(db: DbOrTx, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length === 1;
}

/** The guard's one round trip for a bearer call: the live key with this hash, its user and account figures. */
const LIVE_KEY: Statement = {
  name: 'api_keys_live_key',
  text: `select k.id, k.user_id, k.scopes, k.last_used_at, ${CALLER_COLUMNS}
    from api_keys k
    join users u on u.id = k.user_id
    left join credit_accounts a on a.user_id = k.user_id
    where k.key_hash = $1 and k.revoked_at is null`,
};

interface LiveKeyRecord extends CallerRecord {
  id: string;
  scopes: string[];
  last_used_at: Date | null;
}

export async function findLiveKey(query: RawQuery, keyHash: string): Promise<(LiveApiKey & { lastUsedAt: Date | null }) | undefined> {
  const [r] = await query<LiveKeyRecord>(LIVE_KEY, [keyHash]);
  if (!r) return undefined;
  return { key: { id: r.id, scopes: r.scopes }, lastUsedAt: r.last_used_at, ...callerOf(r) };
}

/** Moves a key's last use to now when it is older than `staleBefore` (or unset): at most one write a minute per key. */
export async function touchKey(db: DbOrTx, id: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}
