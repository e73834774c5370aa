import { describe, expect, it } from 'vitest';
import { AppError, describeWait, tooManyRequests } from './errors.ts';

describe('describeWait', () => {
  it('states the wait in whole seconds under a minute, rounded up', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(1000)).toBe('1 second');
    expect(describeWait(1001)).toBe('2 seconds');
    expect(describeWait(59_000)).toBe('59 seconds');
  });

  it('states whole minutes from a minute on, rounded up, and never "0 seconds"', () => {
    expect(describeWait(60_000)).toBe('1 minute');
    expect(describeWait(61_000)).toBe('2 minutes');
    expect(describeWait(15 * 60_000)).toBe('15 minutes');
    expect(describeWait(0)).toBe('1 second');
  });
});

describe('tooManyRequests', () => {
  it('builds the 429 of every rate limit with the wait the limiter has left', () => {
    const error = tooManyRequests('sign-in attempts from your network')({}, { ttl: 14 * 60_000 + 1 });
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(429);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toBe('Too many sign-in attempts from your network. Please wait 15 minutes and try again.');
  });
});
