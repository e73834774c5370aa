import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Spoken English made at test time by Debian's espeak-ng, resampled by sox to 16 kHz mono 16-bit WAV (what the
 * local engine and the providers take). Both are installed by .ci/run.
 */
export function spokenWav(text: string, options: { voice?: string; speed?: number } = {}): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-speech-'));
  try {
    const raw = path.join(dir, 'raw.wav');
    const out = path.join(dir, 'out.wav');
    execFileSync('espeak-ng', ['-v', options.voice ?? 'en-us', '-s', String(options.speed ?? 150), '-w', raw, text]);
    execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', out]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Re-encodes audio with ffmpeg (`ext` picks the container: mp3, ogg, m4a, webm). */
export function encodeAudio(wav: Buffer, ext: string): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-encode-'));
  try {
    const input = path.join(dir, 'in.wav');
    const output = path.join(dir, `out.${ext}`);
    fs.writeFileSync(input, wav);
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', input, '-ar', '44100', '-b:a', '96k', output]);
    return fs.readFileSync(output);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const words = (text: string) => text.toLowerCase().replace(/[^a-z' ]+/g, ' ').split(/\s+/).filter(Boolean);

/** Word error rate: word-level edit distance over the reference's length. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const r = words(reference);
  const h = words(hypothesis);
  let previous = Array.from({ length: h.length + 1 }, (_, j) => j);
  for (let i = 1; i <= r.length; i++) {
    const row = [i];
    for (let j = 1; j <= h.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (r[i - 1] === h[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[h.length]! / Math.max(1, r.length);
}
