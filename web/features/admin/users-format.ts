import type { LoginStatus } from '../../../contract/admin-users.ts';

/**
 * Balance colours (spec 3 §9: above 10 green, above 0 yellow, otherwise red, from `balanceTone`) in shades that read
 * at 4.5:1 or more on white (the credits area's own map is not reachable from here: features do not import each other).
 */
export const BALANCE_TEXT = { green: 'text-emerald-700', yellow: 'text-amber-700', red: 'text-red-700' } as const;

/** The dot beside a login status: recent sign-ins stand out, 'Never logged in' is grey. */
export const LOGIN_DOT: Record<LoginStatus, string> = {
  'Just now': 'bg-emerald-500',
  'Minutes ago': 'bg-emerald-400',
  'Hours ago': 'bg-amber-400',
  'More than 1 day ago': 'bg-slate-400',
  'Never logged in': 'bg-slate-200 ring-1 ring-slate-400',
};

const joined = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Mar 1, 2026'. */
export const formatJoined = (iso: string) => joined.format(new Date(iso));
