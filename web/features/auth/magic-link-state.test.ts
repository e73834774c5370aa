// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { MagicStatus } from '../../../contract/auth.ts';
import { ApiError } from '../../lib/api.ts';
import { linkProblem, nameToSend, needsName, problemFromError } from './magic-link-state.ts';

const status = (s: Partial<MagicStatus>): MagicStatus => ({
  is_used: false,
  is_expired: false,
  is_valid: true,
  user_name: 'Sam',
  email: 'sam@example.com',
  ...s,
});

describe('magic link checks', () => {
  it('checks used first, then expired, then not valid', () => {
    expect(linkProblem(status({ is_used: true, is_expired: true, is_valid: false }))).toBe('used');
    expect(linkProblem(status({ is_expired: true, is_valid: false }))).toBe('expired');
    expect(linkProblem(status({ is_valid: false }))).toBe('invalid');
    expect(linkProblem(status({}))).toBeNull();
  });

  it('asks a name when the account has none', () => {
    expect(needsName(status({ user_name: null }))).toBe(true);
    expect(needsName(status({ user_name: '  ' }))).toBe(true);
    expect(needsName(status({ user_name: 'Sam' }))).toBe(false);
  });

  it("sends the trimmed name, or 'New User'", () => {
    expect(nameToSend('  Ada  ')).toBe('Ada');
    expect(nameToSend('   ')).toBe('New User');
  });

  it('maps verification error codes to link states', () => {
    expect(problemFromError(new ApiError(409, 'MAGIC_LINK_USED', 'used'))).toBe('used');
    expect(problemFromError(new ApiError(400, 'MAGIC_LINK_EXPIRED', 'expired'))).toBe('expired');
    expect(problemFromError(new ApiError(400, 'MAGIC_LINK_INVALID', 'invalid'))).toBe('invalid');
    expect(problemFromError(new ApiError(500, 'INTERNAL', 'boom'))).toBeNull();
  });
});
