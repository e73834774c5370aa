import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SpeechSegment, SpeechTranscriber } from '../types.ts';
import { ProviderError } from '../types.ts';
import { decodeToPcm, PCM_RATE, programExists, run, wavOf } from './audio.ts';

export interface LocalSpeechSettings {
  /** pocketsphinx_continuous (Debian package pocketsphinx). */
  bin: string;
  /** The en-us model folder (Debian package pocketsphinx-en-us). */
  modelDir: string;
  ffmpeg: string;
}

const NAME = 'Local engine';

/** The draft engine runs where Debian's pocketsphinx, its English model and ffmpeg are installed. */
export function localSpeechAvailable(settings: LocalSpeechSettings): boolean {
  return (
    programExists(settings.bin) &&
    programExists(settings.ffmpeg) &&
    fs.existsSync(path.join(settings.modelDir, 'en-us')) &&
    fs.existsSync(path.join(settings.modelDir, 'en-us.lm.bin'))
  );
}

/** Word lines of `-time yes`: `word start end confidence`; `<s>`, `</s>`, `<sil>` and fillers mark pauses. */
export function parseSphinxWords(output: string): Array<{ word: string; start: number; end: number }> {
  const words: Array<{ word: string; start: number; end: number }> = [];
  for (const line of output.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) [\d.]+$/.exec(line.trim());
    if (!m) continue;
    words.push({ word: m[1]!, start: Number(m[2]), end: Number(m[3]) });
  }
  return words;
}

/** Groups recognised words into segments at pauses (or every ~12 s), the way subtitles read. */
export function segmentsOf(words: Array<{ word: string; start: number; end: number }>): SpeechSegment[] {
  const segments: SpeechSegment[] = [];
  let current: { start: number; end: number; words: string[] } | null = null;
  const flush = () => {
    if (current && current.words.length > 0) segments.push({ start: current.start, end: current.end, text: current.words.join(' ') });
    current = null;
  };
  for (const { word, start, end } of words) {
    const pause = word === '<sil>' || word === '<s>' || word === '</s>' || /^(\[|\+\+|<)/.test(word);
    if (pause) {
      if (current && end - start >= 0.3) flush();
      continue;
    }
    const clean = word.replace(/\(\d+\)$/, '');
    if (!current) current = { start, end, words: [] };
    current.words.push(clean);
    current.end = end;
    if (current.end - current.start > 12) flush();
  }
  flush();
  return segments;
}

/**
 * The local draft engine: ffmpeg decodes to 16 kHz mono, CMU pocketsphinx recognises English with its general
 * model. Measured here on read speech: about 37% word error rate at 0.25-0.31 real-time factor; on espeak-ng's
 * synthetic voice it does worse (see local-sphinx.test.ts). Every result is labelled a draft.
 */
export function createLocalTranscriber(settings: LocalSpeechSettings): SpeechTranscriber {
  return {
    name: NAME,
    key: 'local',
    draft: true,
    async transcribe({ audio, signal, durationSeconds }) {
      // A generous bound: the engine runs at about a third of real time; a stuck decoder must not hold a job forever.
      const timeoutMs = Math.max(120_000, Math.ceil((durationSeconds ?? 600) * 2000));
      const pcm = await decodeToPcm(settings.ffmpeg, audio, { signal, timeoutMs, provider: NAME });
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-sphinx-'));
      try {
        const wav = path.join(dir, 'audio.wav');
        fs.writeFileSync(wav, wavOf(pcm));
        const out = await run(
          settings.bin,
          [
            '-infile', wav,
            '-hmm', path.join(settings.modelDir, 'en-us'),
            '-lm', path.join(settings.modelDir, 'en-us.lm.bin'),
            '-dict', path.join(settings.modelDir, 'cmudict-en-us.dict'),
            '-time', 'yes',
            '-logfn', '/dev/null',
          ],
          { signal, timeoutMs, provider: NAME },
        );
        const segments = segmentsOf(parseSphinxWords(out.toString('utf8')));
        const text = segments.map((s) => s.text).join(' ').trim();
        if (!text) throw new ProviderError(NAME, 'No speech was recognised in this recording.', undefined, 'unknown');
        return { text, durationSeconds: pcm.length / PCM_RATE, provider: NAME, model: 'pocketsphinx en-us', language: 'en', segments };
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
