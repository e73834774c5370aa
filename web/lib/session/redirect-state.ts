import { isSafeNextPath } from '../../../contract/auth.ts';

/** The page a visitor came from, carried in router state to /auth and back (spec 1 §2 "Route guards"). */
export interface FromLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

export interface AuthRedirectState {
  from?: FromLocation;
}

export function authRedirectState(from: FromLocation | string): AuthRedirectState {
  return { from: typeof from === 'string' ? { pathname: from } : { pathname: from.pathname, search: from.search, hash: from.hash } };
}

/**
 * A page to return to after signing in, or null: only a path on this site (never '//host', a backslash or a scheme,
 * so no open redirect), and never a sign-in page itself, which would only send the user round again.
 */
export function safeReturnPath(path: unknown): string | null {
  if (!isSafeNextPath(path)) return null;
  if (path === '/auth' || path.startsWith('/auth/') || path.startsWith('/auth?') || path.startsWith('/auth#')) return null;
  return path;
}

/** The remembered page in router state as one path ('/tools/x?y#z'), or null. */
export function fromPath(state: unknown): string | null {
  const from = (state as AuthRedirectState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return null;
  return safeReturnPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
}

/** Where to send a user who has just become signed in: the remembered page, else the fallback. Only same-app paths. */
export function redirectTarget(state: unknown, fallback: string): string {
  return fromPath(state) ?? fallback;
}
