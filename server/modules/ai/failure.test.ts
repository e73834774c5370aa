import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../providers/ai/types.ts';
import { costColumns, describeFix, providerFailure } from './failure.ts';

describe('provider costs on a generation', () => {
  it('writes a cost as the columns take it', () => {
    expect(costColumns({ costUsd: 0.0390625, usage: { input_tokens: 10 } })).toEqual({ providerCostUsd: '0.039063', providerUsage: { input_tokens: 10 } });
    expect(costColumns({ costUsd: Number.NaN, usage: {} })).toEqual({});
    expect(costColumns(undefined)).toEqual({});
  });
});

describe('a provider failure for the user and the operator', () => {
  it('tells the user the tool is unavailable, and the operator the setting', () => {
    const fix = { setting: 'GEMINI_IMAGE_MODEL', model: 'gemini-2.5-flash-image', reason: 'the model is retired or unknown' };
    const error = providerFailure(new ProviderError('Gemini', 'models/gemini-2.5-flash-image is not found', 404, 'unavailable', { fix }));
    expect(error.message).toBe('This tool is not available right now.');
    expect(JSON.stringify(error.extra)).not.toContain('GEMINI_IMAGE_MODEL');
    expect(describeFix(fix)).toBe('set GEMINI_IMAGE_MODEL (now gemini-2.5-flash-image): the model is retired or unknown');
  });

  it("a rate limit's tip says the provider's own wait", () => {
    const error = providerFailure(new ProviderError('OpenAI', 'Rate limit reached', 429, 'rate_limit', { retryAfterSeconds: 20.2 }));
    expect(error.extra).toMatchObject({ retry_after: 21, tip: 'Wait 21 seconds and try again. Nothing was charged for this attempt.' });
    expect(providerFailure(new ProviderError('OpenAI', 'Rate limit reached', 429, 'rate_limit')).extra).not.toHaveProperty('retry_after');
  });
});
