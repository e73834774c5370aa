import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('hides token values in query strings', () => {
    expect(redactUrl('/api/auth/magic-status?token=abc123&x=1')).toBe('/api/auth/magic-status?token=[redacted]&x=1');
    expect(redactUrl('/auth/magic?x=1&token=secret')).toBe('/auth/magic?x=1&token=[redacted]');
  });

  it('leaves other urls alone', () => {
    expect(redactUrl('/api/tools/config?category=image')).toBe('/api/tools/config?category=image');
  });
});
