import { describe, expect, it } from 'vitest';
import { balanceTone, formatPreciseCredits } from './credits-format.ts';

describe('formatPreciseCredits', () => {
  it('keeps every significant digit and at least two decimals', () => {
    expect(formatPreciseCredits('0.0050')).toBe('0.005');
    expect(formatPreciseCredits('1')).toBe('1.00');
    expect(formatPreciseCredits('0.25')).toBe('0.25');
  });
});

describe('balanceTone', () => {
  it('is green above 10, yellow above 0, red otherwise', () => {
    expect(balanceTone('10.01')).toBe('green');
    expect(balanceTone('10.00')).toBe('yellow');
    expect(balanceTone('0.01')).toBe('yellow');
    expect(balanceTone('0.00')).toBe('red');
    expect(balanceTone(null)).toBe('red');
  });
});
