/** Product-wide constants shared by the server and the web app (spec 1 §9, DESIGN "Decisions"). */
export const APP_NAME = 'Ampkit';
export const APP_TAGLINE = "The creator's AI toolkit";
export const SUPPORT_EMAIL = 'support@ampkit.app';
export const CONTACT_EMAIL = 'hello@ampkit.app';
/** Download file names start with this prefix. */
export const DOWNLOAD_PREFIX = 'ampkit-';

export const API_BASE = '/api';

/** Magic links work once and for this long. */
export const MAGIC_LINK_TTL_MINUTES = 30;
/** The magic-link screen sends the user on after this long. */
export const MAGIC_LINK_REDIRECT_MS = 1500;
/**
 * What the magic-link form sends when the name is left empty (spec 1 §5). The server reads it, like an empty name, as
 * "no name given" and names the account from the address instead (`nameFromEmail` in contract/auth.ts).
 */
export const DEFAULT_USER_NAME = 'New User';

/** The browser re-checks the session this often while signed in. */
export const PROFILE_RECHECK_MS = 300_000;
/** A session restored from the profile call is given this lifetime locally. */
export const RESTORED_SESSION_DAYS = 365;
/** The tools config is cached this long in the browser. */
export const TOOLS_CONFIG_CACHE_MS = 5 * 60_000;

export const DASHBOARD_TAB_STORAGE_KEY = 'ampkit.dashboard.tab';
export const DASHBOARD_TABS = ['user-info', 'telegram', 'credits', 'api-keys', 'webhooks'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const DEFAULT_DASHBOARD_TAB: DashboardTab = 'user-info';

/** Header of every mutating call. */
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'ampkit_session';

/** Name of the header that carries the request id on every response. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Credits are shown with this many decimals. */
export const CREDIT_DECIMALS = 2;
