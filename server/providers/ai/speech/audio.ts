import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ProviderError } from '../types.ts';

/** Whether a program can be run: an absolute path that exists, or a name found on PATH. Checked once at start-up. */
export function programExists(program: string): boolean {
  if (path.isAbsolute(program)) return fs.existsSync(program);
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, program)));
}

/** Runs a program without a shell, feeding `input` on stdin; answers stdout. Fails with the program's last words. */
export function run(program: string, args: string[], options: { input?: Buffer; signal?: AbortSignal; timeoutMs: number; provider: string }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'], signal: options.signal, timeout: options.timeoutMs, killSignal: 'SIGKILL' });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-2000);
    });
    child.on('error', (e) => reject(new ProviderError(options.provider, `${path.basename(program)} could not run: ${e.message}`, undefined, 'server')));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(out));
      const why = signal ? `was stopped (${signal})` : `failed (exit ${code})`;
      reject(new ProviderError(options.provider, `${path.basename(program)} ${why}: ${err.trim().split('\n').pop() ?? ''}`.trim(), undefined, signal ? 'timeout' : 'server'));
    });
    child.stdin.on('error', () => {}); // the program may exit before reading everything; its exit code tells why
    child.stdin.end(options.input ?? Buffer.alloc(0));
  });
}

export const PCM_RATE = 16_000;

/** Decodes any audio or video container to 16 kHz mono signed 16-bit PCM (raw samples) with ffmpeg. */
export async function decodeToPcm(ffmpeg: string, audio: Buffer, options: { signal?: AbortSignal; timeoutMs: number; provider: string }): Promise<Int16Array> {
  const raw = await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-vn', '-ac', '1', '-ar', String(PCM_RATE), '-f', 's16le', 'pipe:1'], {
    ...options,
    input: audio,
  });
  if (raw.length < 2) throw new ProviderError(options.provider, 'The recording has no sound track that could be decoded.', undefined, 'unknown');
  return new Int16Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 2));
}

/** A WAV file (16-bit mono PCM) of the samples. */
export function wavOf(samples: Int16Array, rate = PCM_RATE): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.length * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * Where to cut samples into pieces of at most `maxSamples`: each cut at the quietest 50 ms window (lowest RMS) of
 * the last quarter of its piece, so words are not split where a pause lets us avoid it. Answers the cut offsets.
 */
export function silenceCuts(samples: Int16Array, maxSamples: number, rate = PCM_RATE): number[] {
  const window = Math.max(1, Math.round(rate * 0.05));
  const cuts: number[] = [];
  let start = 0;
  while (samples.length - start > maxSamples) {
    const end = start + maxSamples;
    const from = start + Math.floor(maxSamples * 0.75);
    let best = end;
    let bestEnergy = Number.POSITIVE_INFINITY;
    for (let w = from; w + window <= end; w += window) {
      let energy = 0;
      for (let i = w; i < w + window; i++) energy += samples[i]! * samples[i]!;
      if (energy < bestEnergy) {
        bestEnergy = energy;
        best = w + Math.floor(window / 2);
      }
    }
    cuts.push(best);
    start = best;
  }
  return cuts;
}
