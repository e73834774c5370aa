// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { addDecimal, clampAtZero, compareDecimal, fixedDecimal, subtractDecimal } from './decimal.ts';

describe('decimal strings', () => {
  it('adds and subtracts exactly', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(subtractDecimal('10.00', '0.35')).toBe('9.65');
    expect(subtractDecimal('1.5', 2)).toBe('-0.5');
    expect(addDecimal('3', 0.25)).toBe('3.25');
  });

  it('compares and clamps', () => {
    expect(compareDecimal('10.01', 10)).toBe(1);
    expect(compareDecimal('0.00', 0)).toBe(0);
    expect(compareDecimal('-0.01', '0')).toBe(-1);
    expect(clampAtZero('-3.25')).toBe('0.00');
    expect(clampAtZero('4.5')).toBe('4.5');
  });

  it('formats with a fixed number of decimals, rounding half up', () => {
    expect(fixedDecimal('12.345')).toBe('12.35');
    expect(fixedDecimal('12.344')).toBe('12.34');
    expect(fixedDecimal('7')).toBe('7.00');
    expect(fixedDecimal(null)).toBe('0.00');
    expect(fixedDecimal('0.005')).toBe('0.01');
    expect(fixedDecimal('-1.005')).toBe('-1.01');
  });
});
