import { TOOL_IDS } from './tools/definition.ts';

/**
 * The web app's page routes (spec 1 §2), shared by the server and the client router: the server answers 404 with
 * the not-found page for any other path (no soft 404) and sends the redirects below as HTTP redirects; the client
 * router declares exactly these paths (web/router.test.tsx checks both lists against it).
 *
 * A `:name` segment is a parameter; its name decides what it accepts (see PARAM_RULES).
 */
/** A meta tag the server adds to the document on the development host only (what GET /api/config then answers). */
export const DEVELOPMENT_HOST_META = 'ampkit-development-host';

export const PAGE_PATHS = [
  '/',
  '/home',
  '/about',
  '/start',
  '/tools',
  '/tools/:tool',
  '/screenshot',
  '/legal/terms',
  '/legal/privacy',
  '/content/:id',
  '/file/:uuid',
  '/auth',
  '/auth/magic',
  '/auth/confirm-email',
  '/account/deleted',
  '/dashboard',
  '/gallery',
  '/batches/:uuid',
  '/transcriptions',
  '/transcriptions/:uuid',
  '/checkout/test/:packageId',
  '/payments/return',
  '/admin',
] as const;

/** Old or short addresses and where they go (permanent), in the client router's terms. */
export const PAGE_REDIRECTS = {
  '/legal': '/legal/terms',
  '/terms': '/legal/terms',
  '/privacy': '/legal/privacy',
  '/faq': '/about#faq',
  '/library': '/transcriptions',
  '/library/transcriptions': '/transcriptions',
  '/transcription/:uuid': '/transcriptions/:uuid',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What each parameter name accepts. */
const PARAM_RULES: Record<string, (value: string) => boolean> = {
  tool: (value) => (TOOL_IDS as readonly string[]).includes(value),
  uuid: (value) => UUID.test(value),
  id: (value) => /^\d{1,9}$/.test(value),
  packageId: (value) => /^[\w-]{1,64}$/.test(value),
};

function match(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i]!;
    let value: string;
    try {
      value = decodeURIComponent(got[i]!);
    } catch {
      return null;
    }
    if (segment.startsWith(':')) {
      const name = segment.slice(1);
      if (!PARAM_RULES[name]?.(value)) return null;
      params[name] = value;
    } else if (segment !== value) {
      return null;
    }
  }
  return params;
}

export type PageLookup = { kind: 'page' } | { kind: 'redirect'; to: string; permanent: boolean } | { kind: 'not-found' };

/**
 * What the address `pathname` is: a page, a redirect, or nothing. A trailing slash is ignored. `/file` and `/content`
 * without an id, and a content id that is not a number, go home (spec 3 §2).
 */
export function lookupPage(pathname: string): PageLookup {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  if (PAGE_PATHS.some((pattern) => match(pattern, path))) return { kind: 'page' };
  for (const [from, to] of Object.entries(PAGE_REDIRECTS)) {
    const params = match(from, path);
    if (params) return { kind: 'redirect', to: to.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!)), permanent: true };
  }
  if (/^\/(file|content)$/.test(path) || /^\/content\/[^/]+$/.test(path)) return { kind: 'redirect', to: '/', permanent: false };
  return { kind: 'not-found' };
}

/**
 * Public pages whose first paint is prerendered at build time (scripts/prerender.tsx) and sent inside #root to
 * visitors without a session, so they paint before the JavaScript runs.
 */
export const PRERENDERED_PAGES = ['/', '/home', '/about', '/tools', '/start', '/legal/terms', '/legal/privacy'] as const;
export type PrerenderManifest = Partial<Record<string, string>>;
/** The attribute on #root that tells the app the page it is about to render was prerendered for a visitor. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/**
 * The attribute on #root of a page sent to a request with no session cookie: the app knows its visitor is signed out
 * without asking GET /api/auth/profile (a 401 the browser would log as an error on every visitor's page).
 */
export const VISITOR_ATTRIBUTE = 'data-visitor';
