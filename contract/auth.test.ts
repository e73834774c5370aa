import { describe, expect, it } from 'vitest';
import { displayName, isNoName, isSafeNextPath, maskEmail, nameFromEmail } from './auth.ts';

describe('nameFromEmail', () => {
  it.each([
    ['jane.doe@x.com', 'Jane Doe'],
    ['jane.doe+news@x.com', 'Jane Doe'],
    ['kim_lee-park@x.com', 'Kim Lee Park'],
    ['jdoe42@x.com', 'Jdoe42'],
    ['McKay@x.com', 'McKay'],
    ['_@x.com', '_'],
  ])('%s → %s', (email, name) => {
    expect(nameFromEmail(email)).toBe(name);
  });
});

describe('isNoName and displayName', () => {
  it("read empty and the old 'New User' default as no name", () => {
    expect([null, undefined, '', '   ', 'New User', ' New User '].every(isNoName)).toBe(true);
    expect(isNoName('Newton')).toBe(false);
    expect(displayName({ name: 'New User', email: 'sam.rivera@x.com' })).toBe('Sam Rivera');
    expect(displayName({ name: ' Ana ', email: 'sam.rivera@x.com' })).toBe('Ana');
  });
});

describe('isSafeNextPath', () => {
  it('takes paths on this site only', () => {
    expect(isSafeNextPath('/tools/image-variator?x=1#y')).toBe(true);
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'tools', '/a\u0000b', '/a\tb', `/${'a'.repeat(2048)}`, 7]) {
      expect(isSafeNextPath(bad), String(bad)).toBe(false);
    }
  });
});

describe('maskEmail', () => {
  it.each([
    ['jane.doe@example.com', 'ja•••@example.com'],
    ['jo@x.org', 'j•••@x.org'],
    ['a@x.org', 'a•••@x.org'],
    ['broken', '•••'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
