import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../contract/constants.ts';
import { sessionResponse } from '../../contract/auth.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import * as authRepo from '../modules/auth/repository.ts';
import type { CreditsService } from '../modules/credits/service.ts';
import { data } from './envelope.ts';

/** A browser-like session for inject(): the cookie and the CSRF token it was given. */
export interface TestSession {
  cookie: string;
  csrf: string;
  userId: string;
  email: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface CallOptions {
  session?: TestSession;
  body?: unknown;
  /** A body sent as it is, with its content type (multipart, raw bytes). */
  raw?: { body: Buffer | string; contentType: string };
  csrf?: string | null;
  headers?: Record<string, string>;
}

/** inject() with an optional session: sends its cookie and, unless told otherwise, its CSRF token. */
export type Call = (method: Method, url: string, options?: CallOptions) => Promise<LightMyRequestResponse>;

/** The session a sign-in answer set: its cookie and CSRF token. */
export function sessionFrom(res: LightMyRequestResponse, email: string): TestSession {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no session cookie set: ${res.statusCode} ${res.body}`);
  const body = data(res, sessionResponse);
  return { cookie: cookie.value, csrf: body.csrf_token, userId: body.user.id, email };
}

export interface DirectSignInDeps {
  db: Db;
  clock: Clock;
  credits: Pick<CreditsService, 'grantSignupBonus'>;
  sessionTtlDays: number;
}

/**
 * A verified user with a live session, written through the auth repository as the sign-in flow writes them
 * (same rows, same token hashing), and the sign-up bonus through the credits service in the same transaction,
 * so the ledger is what a real sign-up leaves. Only the auth tests go through the magic-link mail; everything
 * else starts here, which is faster and keeps their failures about their own module.
 */
export async function signInDirectly(
  deps: DirectSignInDeps,
  values: { email: string; name: string; admin?: boolean },
): Promise<TestSession> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const roles = values.admin ? ['admin'] : [];
    const user = await authRepo.insertUser(tx, { email: values.email, name: values.name, roles, emailVerifiedAt: now, now });
    if (!user) throw new Error(`make.user: ${values.email} already has an account`);
    await deps.credits.grantSignupBonus(tx, user.id);
    return openSession(tx, deps, user.id, values.email);
  });
}

/** Another live session for an existing user, as signing in again in another browser would give. */
export async function openSession(
  db: DbOrTx,
  deps: Pick<DirectSignInDeps, 'clock' | 'sessionTtlDays'>,
  userId: string,
  email: string,
): Promise<TestSession> {
  const now = deps.clock.now();
  await authRepo.updateUser(db, userId, { lastLoginAt: now, updatedAt: now });
  const token = randomToken();
  const csrf = randomToken();
  const expiresAt = new Date(now.getTime() + deps.sessionTtlDays * 86_400_000);
  await authRepo.insertSession(db, { userId, tokenHash: sha256(token), csrfToken: csrf, now, expiresAt });
  return { cookie: token, csrf, userId, email };
}
