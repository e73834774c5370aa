// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { parseContentId } from './content-id.ts';

describe('parseContentId', () => {
  it('accepts positive whole numbers', () => {
    expect(parseContentId('1')).toBe(1);
    expect(parseContentId('42')).toBe(42);
    expect(parseContentId('007')).toBe(7);
    expect(parseContentId('2147483647')).toBe(2147483647);
  });

  it('refuses anything that is not a plain positive number', () => {
    for (const raw of [undefined, '', '0', '-1', '1.5', '1e3', 'abc', '12abc', ' 12', '0x1f', '2147483648']) {
      expect(parseContentId(raw), String(raw)).toBeNull();
    }
  });
});
