import { describe, expect, it } from 'vitest';
import { balanceChipClass, balanceTextClass } from './balance-tone.ts';

// WCAG AA needs 4.5:1 for normal text. On white: amber-500 2.1:1 and emerald-600 3.7:1 fail; the 700 shades pass
// (amber-700 about 5:1, emerald-700 about 5.4:1, red-700 about 6.5:1), and 800 text on a 50 tint passes too.
describe('balance colours (spec 1 §2: above 10 green, above 0 yellow, otherwise red)', () => {
  it('keeps the hues in shades that pass AA contrast', () => {
    expect(balanceTextClass('10.0001')).toBe('text-emerald-700');
    expect(balanceTextClass('5.0000')).toBe('text-amber-700');
    expect(balanceTextClass('10')).toBe('text-amber-700');
    expect(balanceTextClass('0')).toBe('text-red-700');
    expect(balanceChipClass('25')).toContain('text-emerald-800');
    expect(balanceChipClass('5')).toContain('text-amber-800');
    expect(balanceChipClass('0')).toContain('text-red-800');
  });
});
