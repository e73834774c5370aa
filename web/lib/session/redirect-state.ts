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

/** Where to send a user who has just become signed in: the remembered page, else the fallback. Only same-app paths. */
export function redirectTarget(state: unknown, fallback: string): string {
  const from = (state as AuthRedirectState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return fallback;
  if (from.pathname.startsWith('/auth')) return fallback;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
