import { z } from 'zod';
import { DEFAULT_USER_NAME } from './constants.ts';

/** Email as typed by a person: trimmed, lower-cased, at most 254 characters. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Please enter a valid email address' }));

export const nameSchema = z.string().trim().min(1, 'Name cannot be empty').max(100, 'Name is too long');
/** A password's bounds, shared by the schema and the forms that hint at them. */
export const PASSWORD_LENGTH = { min: 8, max: 256 } as const;
export const passwordSchema = z
  .string()
  .min(PASSWORD_LENGTH.min, `Password must be at least ${PASSWORD_LENGTH.min} characters`)
  .max(PASSWORD_LENGTH.max, 'Password is too long');
/** A magic-link or similar opaque token: url-safe base64, bounded length. */
export const tokenSchema = z.string().min(16).max(128).regex(/^[A-Za-z0-9_-]+$/, 'Malformed token');

/**
 * Whether a value may be used as the page to open after signing in: a path on this site only ('/tools/x?y#z'), never
 * another origin ('//evil.example', '/\evil.example', 'https://…'), and no control characters. Browsers read a
 * backslash as a slash, so none is allowed anywhere.
 */
export function isSafeNextPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const base = 'http://ampkit.invalid';
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

/** The page a sign-in link leads to once used (POST /api/auth/magic-link `next`). */
export const nextPathSchema = z.string().refine(isSafeNextPath, 'Must be a path on this site, such as /tools/image-variator');

/**
 * The name a new account gets when none is given: the address's local part, without a '+tag', its words
 * (split at dots, dashes and underscores) capitalised: 'jane.doe+news@x.com' → 'Jane Doe', 'kim@x.com' → 'Kim'.
 */
export function nameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').split('+')[0] ?? '';
  const words = local.split(/[._-]+/).filter(Boolean);
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ').slice(0, 100).trim();
  return name || local.slice(0, 100) || email.slice(0, 100);
}

/**
 * Whether a typed name means "none given": empty, or the 'New User' older clients send for an empty form (spec 1 §5).
 */
export function isNoName(name: string | null | undefined): boolean {
  const trimmed = name?.trim() ?? '';
  return trimmed === '' || trimmed === DEFAULT_USER_NAME;
}

/** The name to greet a user by: theirs, or one made from the address when it is missing or the old 'New User'. */
export function displayName(user: { name: string | null; email: string }): string {
  return isNoName(user.name) ? nameFromEmail(user.email) : user.name!.trim();
}

export const magicLinkRequest = z.strictObject({ email: emailSchema, next: nextPathSchema.optional() });
export const magicStatusQuery = z.strictObject({ token: z.string().max(256) });
export const verifyMagicRequest = z.strictObject({
  token: tokenSchema,
  name: z.string().max(100).optional().nullable(),
});
/** Registration: an empty name (or the 'New User' default) is taken from the address, as at the magic link. */
export const registerRequest = z.strictObject({ email: emailSchema, name: z.string().trim().max(100, 'Name is too long').optional(), password: passwordSchema });
export const loginRequest = z.strictObject({ email: emailSchema, password: z.string().min(1).max(256) });
export const updateProfileRequest = z
  .strictObject({ name: nameSchema.optional(), email: emailSchema.optional() })
  .refine((v) => v.name !== undefined || v.email !== undefined, { message: 'Nothing to update' });

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  roles: z.array(z.string()),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const storageInfoSchema = z.object({
  used_bytes: z.number(),
  used_gb: z.number(),
  quota_gb: z.number(),
  percentage_used: z.number(),
  available_bytes: z.number(),
});
export type StorageInfo = z.infer<typeof storageInfoSchema>;

/** Credit amounts are decimal strings, never floats. */
export const creditsSchema = z.object({
  balance: z.string(),
  available_credits: z.string(),
  lifetime_used: z.string(),
  lifetime_purchased: z.string(),
});
export type Credits = z.infer<typeof creditsSchema>;

export const sessionResponse = z.object({ user: userSchema, csrf_token: z.string(), expires_at: z.string() });
export type SessionResponse = z.infer<typeof sessionResponse>;

/**
 * Set only in the session whose sign-in created the account, so the app greets a newcomer ('Welcome, Jane' rather than
 * 'Welcome back'); `signup_bonus` is what the account was actually given at sign-up ('0' when nothing).
 */
export const welcomeSchema = z.object({ signup_bonus: z.string() });
export type Welcome = z.infer<typeof welcomeSchema>;

export const profileResponse = z.object({
  user: userSchema,
  storage: storageInfoSchema,
  credits: creditsSchema,
  /** The session's token for mutating calls; empty for an API key, which sends none. */
  csrf_token: z.string(),
  welcome: welcomeSchema.nullable(),
});
export type Profile = z.infer<typeof profileResponse>;

export const magicStatusResponse = z.object({
  is_used: z.boolean(),
  is_expired: z.boolean(),
  is_valid: z.boolean(),
  user_name: z.string().nullable(),
  email: z.string().nullable(),
});
export type MagicStatus = z.infer<typeof magicStatusResponse>;

/** `next`: the page the link was requested for (a checked same-site path), or null for the default. */
export const verifyMagicResponse = sessionResponse.extend({ is_new_user: z.boolean(), next: z.string().nullable() });
export type VerifyMagicResult = z.infer<typeof verifyMagicResponse>;

export const messageResponse = z.object({ message: z.string() });

/** PUT /api/auth/profile: the user as it is now, and the address waiting for its confirmation link, if any. */
export const updateProfileResponse = z.object({
  user: userSchema,
  pending_email: z.string().nullable(),
  message: z.string(),
});
export type UpdateProfileResult = z.infer<typeof updateProfileResponse>;

export const MAGIC_LINK_SENT_MESSAGE = 'If that address can receive email, a sign-in link is on its way.';

/** The register answer, the same whether or not the address has an account (the link does the rest). */
export const REGISTER_SENT_MESSAGE =
  'Check your email: we sent a link to finish creating your account. Your password works once you have used it.';
export const PROFILE_SAVED_MESSAGE = 'Profile updated.';
export const emailChangeSentMessage = (email: string) =>
  `We sent a confirmation link to ${email}. Open it while signed in to this account to change your email; until then, sign in with your current address.`;

/**
 * An address partly hidden, to say whose account a page is about without spelling it out to whoever holds a link:
 * the local part's first letters (one when it is short) and the domain as it is ('jane.doe@example.com' →
 * 'ja•••@example.com', 'jo@x.org' → 'j•••@x.org').
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 3 ? 2 : 1)}•••${email.slice(at)}`;
}

/**
 * The state of a change-of-email link: `superseded` when a newer change was asked for on the same account (only the
 * newest link works).
 */
export const EMAIL_CHANGE_LINK_STATES = ['valid', 'used', 'expired', 'superseded', 'invalid'] as const;
export type EmailChangeLinkState = (typeof EMAIL_CHANGE_LINK_STATES)[number];

/** GET /api/auth/email-change?token= */
export const emailChangeStatusQuery = z.strictObject({ token: z.string().max(256) });

/**
 * GET /api/auth/email-change: what the link would do, for the page to explain before anything changes. A change takes
 * effect only in a signed-in session of the account that asked for it (`signed_in_as_owner`); `account` is that
 * account's current address, masked (`maskEmail`), and with `new_email` is given only while the link is valid.
 */
export const emailChangeStatusResponse = z.object({
  state: z.enum(EMAIL_CHANGE_LINK_STATES),
  account: z.string().nullable(),
  new_email: z.string().nullable(),
  signed_in_as_owner: z.boolean(),
});
export type EmailChangeStatus = z.infer<typeof emailChangeStatusResponse>;

/** POST /api/auth/confirm-email: signed in as the account that asked for the change. */
export const confirmEmailChangeRequest = z.strictObject({ token: tokenSchema });

/** The account with its new address; `sessions_ended`: the other sessions of the account that were signed out. */
export const confirmEmailChangeResponse = z.object({ user: userSchema, sessions_ended: z.number().int(), message: z.string() });
export type EmailChangeConfirmed = z.infer<typeof confirmEmailChangeResponse>;

export const emailChangedMessage = (email: string) => `Your email is now ${email}. Every other session was signed out.`;
