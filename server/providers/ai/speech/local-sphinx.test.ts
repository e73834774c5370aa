import { describe, expect, it } from 'vitest';
import { ProviderError } from '../types.ts';
import { encodeAudio, spokenWav, wordErrorRate } from '../../../test-support/speech.ts';
import { silenceCuts, wavOf } from './audio.ts';
import { createLocalTranscriber, localSpeechAvailable, parseSphinxWords, segmentsOf } from './local-sphinx.ts';

const settings = { bin: 'pocketsphinx_continuous', modelDir: '/usr/share/pocketsphinx/model/en-us', ffmpeg: 'ffmpeg' };
const engine = createLocalTranscriber(settings);
const TEXT =
  'Please send the quarterly report to the marketing team by Friday. We will review the numbers together next week and decide on the budget for the new campaign.';

/**
 * The local draft engine on speech made at test time. espeak-ng's voices are hard for pocketsphinx's model trained
 * on human speech: measured here 0.46 word error rate for en-us+f2 at 130 words a minute (0.71-1.14 for the other
 * voices), at a real-time factor of about 0.3. The bound leaves room for that, and fails on noise or silence.
 */
describe('the local draft speech engine (pocketsphinx)', () => {
  it('is installed here (CI installs pocketsphinx, pocketsphinx-en-us and ffmpeg)', () => {
    expect(localSpeechAvailable(settings)).toBe(true);
    expect(localSpeechAvailable({ ...settings, bin: 'no-such-program-here' })).toBe(false);
  });

  it('transcribes spoken English within a word error rate bound, with ordered segments inside the duration', async () => {
    const wav = spokenWav(TEXT, { voice: 'en-us+f2', speed: 130 });
    const result = await engine.transcribe({ audio: wav, mime: 'audio/wav' });
    expect(wordErrorRate(TEXT, result.text)).toBeLessThan(0.65);
    expect(result).toMatchObject({ provider: 'Local engine', language: 'en' });
    expect(result.durationSeconds).toBeGreaterThan(8);
    expect(result.durationSeconds).toBeLessThan(20);
    const segments = result.segments!;
    expect(segments.length).toBeGreaterThan(0);
    for (const [i, s] of segments.entries()) {
      expect(s.end).toBeGreaterThan(s.start);
      expect(s.end).toBeLessThanOrEqual(result.durationSeconds + 0.1);
      if (i > 0) expect(s.start).toBeGreaterThanOrEqual(segments[i - 1]!.end);
    }
    expect(segments.map((s) => s.text).join(' ')).toBe(result.text);
  }, 120_000);

  it('reads other containers through ffmpeg (mp3, ogg)', async () => {
    const wav = spokenWav(TEXT, { voice: 'en-us+f2', speed: 130 });
    for (const ext of ['mp3', 'ogg']) {
      const result = await engine.transcribe({ audio: encodeAudio(wav, ext), mime: `audio/${ext}` });
      expect(wordErrorRate(TEXT, result.text), `${ext}: ${result.text}`).toBeLessThan(0.75);
    }
  }, 120_000);

  it('refuses what is not audio with a provider error, not a crash', async () => {
    await expect(engine.transcribe({ audio: Buffer.from('<html>not audio</html>'), mime: 'audio/wav' })).rejects.toBeInstanceOf(ProviderError);
  });

  it('says so when nothing was said', async () => {
    await expect(engine.transcribe({ audio: wavOf(new Int16Array(32_000)), mime: 'audio/wav' })).rejects.toThrow(/No speech was recognised/);
  });
});

describe('pocketsphinx output and chunking', () => {
  it('parses word timings and groups words into segments at pauses, dropping alternates and fillers', () => {
    const words = parseSphinxWords('<s> 0.000 0.020 0.99\nthe 0.030 0.130 0.07\nquick 0.140 0.450 0.01\n<sil> 0.460 1.100 0.88\nfox(2) 1.110 1.500 0.1\n</s> 1.510 1.600 1\n');
    expect(segmentsOf(words)).toEqual([
      { start: 0.03, end: 0.45, text: 'the quick' },
      { start: 1.11, end: 1.5, text: 'fox' },
    ]);
  });

  it('cuts long audio at the quietest point of each piece, never beyond the limit', () => {
    const rate = 1000;
    const samples = new Int16Array(10_000).map((_, i) => (i >= 3500 && i < 3600) || (i >= 7200 && i < 7300) ? 0 : 8000 * Math.sin(i));
    const cuts = silenceCuts(samples, 4000, rate);
    expect(cuts.length).toBe(2);
    expect(cuts[0]).toBeGreaterThanOrEqual(3500);
    expect(cuts[0]).toBeLessThan(3600);
    expect(cuts[1]! - cuts[0]!).toBeLessThanOrEqual(4000);
    expect(cuts[1]).toBeGreaterThanOrEqual(7200);
    expect(cuts[1]).toBeLessThan(7300);
  });
});
