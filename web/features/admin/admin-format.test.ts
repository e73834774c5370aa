import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime } from './admin-format.ts';

describe('formatCount', () => {
  it('keeps small numbers and shortens thousands and millions with K and M', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1234)).toBe('1.2K');
    expect(formatCount(12_345)).toBe('12K');
    expect(formatCount(3_400_000)).toBe('3.4M');
    expect(formatCount('2500000')).toBe('2.5M');
    expect(formatCount(-1500)).toBe('-1.5K');
    expect(formatCount(12.345)).toBe('12.35');
    expect(formatCount('x')).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('reads a date or a dash', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('nonsense')).toBe('—');
    expect(formatDateTime('2026-11-26T15:04:00Z')).toMatch(/Nov 26, 2026/);
  });
});
