import { describe, expect, it } from 'vitest';
import { MOCKUP_JOB_RETRY_LIMIT, mockupAttemptSeconds } from './mockup-job.ts';

describe('mockupAttemptSeconds', () => {
  it('fits every attempt of a mockup job, with a minute for the queue, inside the hold', () => {
    for (const ttl of [5, 15, 30]) {
      const attempts = MOCKUP_JOB_RETRY_LIMIT + 1;
      expect(mockupAttemptSeconds(ttl) * attempts + 60).toBeLessThanOrEqual(ttl * 60);
    }
    expect(mockupAttemptSeconds(15)).toBe(420);
  });

  it('never gives an attempt more than 10 minutes', () => {
    expect(mockupAttemptSeconds(24 * 60)).toBe(600);
  });
});
