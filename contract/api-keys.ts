import { z } from 'zod';
import { decimalString } from './credits.ts';
import { spendingLimit } from './spending.ts';

/**
 * Personal API keys (dashboard, "API keys"): `Authorization: Bearer <key>` on every route its scopes cover, with the
 * answers a signed-in browser gets. A key is shown once, at creation; the server keeps its SHA-256 only.
 */

/**
 * What a key may do. `generate`: every paid tool and batch, the uploads they take and following their work;
 * `files:read`: listing and downloading my files; `transcribe`: transcriptions; `account:read`: profile, balance and
 * ledger. A key never reaches the admin area, the account's security (password, sessions, keys) or payments.
 */
export const API_SCOPES = ['generate', 'files:read', 'transcribe', 'account:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  generate: 'Run paid tools and batches, upload their images',
  'files:read': 'List and download my files',
  transcribe: 'Transcribe audio, read and edit transcriptions',
  'account:read': 'Read my profile, balance and credit history',
};

/** Live (not revoked) keys one user may hold. */
export const MAX_LIVE_API_KEYS = 10;
/** `ak_live_` on a real checkout, `ak_test_` on the built-in test checkout (no money moves). */
export const API_KEY_PREFIXES = { live: 'ak_live_', test: 'ak_test_' } as const;
/** Characters of the key shown in the list (its kind and the first random ones): enough to tell keys apart. */
export const API_KEY_SHOWN_LENGTH = 12;
/** What a bearer key looks like: its kind, then 32 base64url characters (24 random bytes). */
export const API_KEY_PATTERN = /^ak_(live|test)_[A-Za-z0-9_-]{32}$/;

export const createApiKeyRequest = z.strictObject({
  name: z.string().trim().min(1, 'Give the key a name').max(60, 'Name is too long (60 characters at most)'),
  scopes: z
    .array(z.enum(API_SCOPES, 'Unknown scope'))
    .min(1, 'Choose at least one scope')
    .max(API_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'A scope is listed twice'),
  /** The key's own spending limit per calendar month (UTC), within the account's (contract/spending.ts); optional. */
  monthly_cap: spendingLimit.optional(),
}).meta({ example: { name: 'n8n thumbnails flow', scopes: ['generate', 'files:read'], monthly_cap: '50' } });
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequest>;

/** One key as the list shows it: never the key itself. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`ak_live_AbCd`). */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** The key's own monthly cap (null: only the account's), and what it spent or holds this month. */
  monthly_cap: decimalString.nullable(),
  spent_this_month: decimalString,
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** GET /api/account/api-keys: live keys, newest first. */
export const apiKeysResponse = z.object({ keys: z.array(apiKeySchema), max_keys: z.number().int() });
export type ApiKeysList = z.infer<typeof apiKeysResponse>;

/** POST /api/account/api-keys: `key` is in this answer only. */
export const createdApiKeyResponse = z.object({
  id: z.string(),
  key: z.string(),
  prefix: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  created_at: z.string(),
  monthly_cap: decimalString.nullable(),
}).meta({
  example: {
    id: '3f0c2a9e-5d1b-4c6e-9a7f-2b8d4e6f1a3c',
    key: 'ak_live_Q2h5c3RhbGxpbmVfZXhhbXBsZV9rZXkx',
    prefix: 'ak_live_Q2h5',
    name: 'n8n thumbnails flow',
    scopes: ['generate', 'files:read'],
    created_at: '2026-11-29T10:00:00.000Z',
    monthly_cap: '50',
  },
});
export type CreatedApiKey = z.infer<typeof createdApiKeyResponse>;

export const apiKeyIdParams = z.strictObject({ id: z.uuid('Not an API key id') });

/** DELETE /api/account/api-keys/:id. */
export const apiKeyRevokedResponse = z.object({ revoked: z.literal(true) });
