import { describe, expect, it } from 'vitest';
import { isLocalEngine, runsLocally, variantFor } from './engine.ts';
import { LOCAL_ENGINE } from './local-engine.ts';
import { LOCAL_UPSCALER } from './local-upscaler/index.ts';

describe('which engine runs a call', () => {
  it('gives the local ESRGAN upscaler the local deadline without making its upscale a preview', () => {
    // Before: the upscaler's name ('local') was not the local engine's, so a 4x upscale on this machine got the remote
    // providers' 120 s deadline and a slow one failed as a timeout.
    expect(runsLocally(LOCAL_UPSCALER)).toBe(true);
    expect(isLocalEngine(LOCAL_UPSCALER)).toBe(false);
    expect(runsLocally(LOCAL_ENGINE)).toBe(true);
    expect(runsLocally(null)).toBe(true);
    for (const remote of ['Gemini', 'OpenAI', 'Replicate', 'replicate']) expect(runsLocally(remote)).toBe(false);
    expect(variantFor(LOCAL_ENGINE)).toBe('local');
    expect(variantFor('Gemini')).toBe('standard');
  });
});
