/**
 * What the scale-out tests need of the API over real HTTP, the way a browser calls it: the session cookie and the
 * CSRF token a sign-in gave, sent to whichever address (a web process, or the proxy) the test names.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CSRF_HEADER, SESSION_COOKIE } from '../../contract/constants.ts';
import type { TestSmtpServer } from '../../server/test-support/smtp.ts';

export interface Signed {
  cookie: string;
  csrf: string;
  userId: string;
  email: string;
}

export interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; data?: T; error?: { code: string; message: string } };
}

/** One API call to `base` (a process or the proxy); a session sends its cookie and, on writes, its CSRF token. */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { session?: Signed; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.session) {
    headers.cookie = `${SESSION_COOKIE}=${options.session.cookie}`;
    if (method !== 'GET') headers[CSRF_HEADER] = options.session.csrf;
  }
  const res = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  let body: Answer<T>['body'];
  try {
    body = JSON.parse(text) as Answer<T>['body'];
  } catch {
    body = { success: false, error: { code: 'NOT_JSON', message: text.slice(0, 300) } };
  }
  return { status: res.status, body };
}

/** The answer's data, failing with the answer when the call did not succeed. */
export function dataOf<T>(answer: Answer<T>, what: string): T {
  assert.equal(answer.status, 200, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data as T;
}

/**
 * Signs in by the real magic-link flow: asks for the link through `askAt`, uses it through `verifyAt` (another
 * process, when the test says so), and answers the session the verifying process set.
 */
export async function signIn(smtp: TestSmtpServer, email: string, askAt: string, verifyAt: string): Promise<Signed> {
  dataOf(await call(askAt, 'POST', '/api/auth/magic-link', { body: { email } }), 'magic link');
  const { token } = await smtp.magicLinkFor(email, { consume: true });
  const res = await fetch(`${verifyAt}/api/auth/verify-magic`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, name: 'Scale Out' }),
  });
  const body = (await res.json()) as { data: { csrf_token: string; user: { id: string } } };
  assert.equal(res.status, 200, `verify-magic: ${res.status} ${JSON.stringify(body)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  assert.ok(cookie, 'verify-magic set no session cookie');
  return { cookie: cookie.slice(SESSION_COOKIE.length + 1), csrf: body.data.csrf_token, userId: body.data.user.id, email };
}

/** A paid call's own Idempotency-Key, as the web app sends one per action. */
export const idempotent = () => ({ 'idempotency-key': randomUUID() });

/** Polls `check` every 250 ms until it answers a value, failing after `ms` with `what`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
