import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.ts';

/** A new endpoint's signing secret. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** `Ampkit-Signature`'s value for a body sent at `unixSeconds`: t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * What a receiver does (the README shows it in plain Node): the header's v1 is the HMAC of "<t>.<raw body>", and t
 * is within `toleranceSeconds` of now (an old delivery replayed is refused).
 */
export function verifySignature(header: string, body: string, secret: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return safeEqual(parts.v1, expected);
}
