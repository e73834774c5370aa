import { describe, expect, it } from 'vitest';
import { costOf, sumCosts } from './cost.ts';

describe('provider costs', () => {
  it('adds up several calls: usage always, the cost only when every call reported one', () => {
    expect(sumCosts([{ costUsd: 0.01, usage: { seconds: 30 } }, { costUsd: 0.002, usage: { seconds: 5, tokens: 9 } }])).toEqual({ costUsd: 0.012, usage: { seconds: 35, tokens: 9 } });
    expect(sumCosts([{ costUsd: 0.01, usage: { seconds: 30 } }, { usage: { tokens: 9 } }])).toEqual({ usage: { seconds: 30, tokens: 9 } });
    expect(sumCosts([{ costUsd: 0.01 }, undefined])).toBeUndefined();
    expect(sumCosts([{ costUsd: 0.01 }])).toEqual({ costUsd: 0.01 });
    expect(sumCosts([])).toBeUndefined();
  });

  it('keeps a result’s cost fields only, whatever else it carries', () => {
    const piece = { text: 'hello', durationSeconds: 3, costUsd: 0.0003, usage: { seconds: 3 } };
    expect(costOf(piece)).toEqual({ costUsd: 0.0003, usage: { seconds: 3 } });
    expect(sumCosts([piece])).toEqual({ costUsd: 0.0003, usage: { seconds: 3 } });
    expect(costOf({})).toBeUndefined();
  });
});
