import { describe, expect, it } from 'vitest';
import { add, cmp, fromCents, fromUnits, max0, min, mul, normalize, sub, toFixed, toUnits } from './decimal.ts';

describe('decimal', () => {
  it('parses and formats exactly', () => {
    expect(normalize('5')).toBe('5.0000');
    expect(normalize('0.1')).toBe('0.1000');
    expect(normalize('-2.25')).toBe('-2.2500');
    expect(normalize('1.00000')).toBe('1.0000');
    expect(fromUnits(toUnits('12.345'), 2)).toBe('12.35');
    expect(fromUnits(toUnits('-12.345'), 2)).toBe('-12.35');
    expect(fromUnits(toUnits('0.004'), 2)).toBe('0.00');
  });

  it('adds 0.1 ten times to exactly 1 (no float drift)', () => {
    let total = '0';
    for (let i = 0; i < 10; i++) total = add(total, '0.1');
    expect(total).toBe('1.0000');
    expect(sub('0.3', '0.1')).toBe('0.2000');
  });

  it('compares, clamps and multiplies', () => {
    expect(cmp('1.5', '1.50')).toBe(0);
    expect(cmp('1.4999', '1.5')).toBe(-1);
    expect(max0('-3')).toBe('0.0000');
    expect(min('2', '1.5')).toBe('1.5000');
    expect(mul('0.0043', '2.5')).toBe('0.0108');
    expect(mul('0.25', '3')).toBe('0.7500');
    expect(fromCents(2000)).toBe('20.0000');
    expect(fromCents(1999)).toBe('19.9900');
  });

  it('accepts numbers as well as strings', () => {
    expect(add('3', 0.25)).toBe('3.2500');
    expect(sub('1.5', 2)).toBe('-0.5000');
    expect(cmp('10.01', 10)).toBe(1);
    expect(max0(-0.5)).toBe('0.0000');
  });

  it('formats for display with a fixed number of decimals, missing values as 0', () => {
    expect(toFixed('12.345')).toBe('12.35');
    expect(toFixed('12.3449')).toBe('12.34');
    expect(toFixed('5.0000')).toBe('5.00');
    expect(toFixed('-1.005')).toBe('-1.01');
    expect(toFixed('7', 0)).toBe('7');
    expect(toFixed(null)).toBe('0.00');
    expect(toFixed(undefined)).toBe('0.00');
    expect(toFixed('')).toBe('0.00');
    expect(() => toFixed('abc')).toThrow(RangeError);
  });

  it('refuses what is not a decimal or has more precision than stored', () => {
    expect(() => toUnits('abc')).toThrow(RangeError);
    expect(() => toUnits('1e5')).toThrow(RangeError);
    expect(() => toUnits('0.00001')).toThrow(RangeError);
    expect(() => toUnits(Number.NaN)).toThrow(RangeError);
  });
});
