import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureHeader, verifySignature } from './signing.ts';

describe('webhook signatures', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">, verified within 5 minutes only', () => {
    const secret = newWebhookSecret();
    const body = '{"id":"e1","type":"generation.completed"}';
    const header = signatureHeader(secret, body, 1_800_000_000);
    expect(header).toBe(`t=1800000000,v1=${createHmac('sha256', secret).update(`1800000000.${body}`).digest('hex')}`);
    expect(verifySignature(header, body, secret, 1_800_000_100)).toBe(true);
    expect(verifySignature(header, body, secret, 1_800_000_301)).toBe(false);
    expect(verifySignature(header, `${body} `, secret, 1_800_000_000)).toBe(false);
    expect(verifySignature(header, body, newWebhookSecret(), 1_800_000_000)).toBe(false);
    expect(verifySignature('v1=abc', body, secret, 1_800_000_000)).toBe(false);
  });
});
