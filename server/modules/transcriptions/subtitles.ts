import type { TranscriptSegment } from '../../db/schema/index.ts';

function stamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/** SubRip: numbered cues, comma before the milliseconds. */
export function toSrt(segments: readonly TranscriptSegment[]): string {
  return segments.map((s, i) => `${i + 1}\n${stamp(s.start, ',')} --> ${stamp(s.end, ',')}\n${s.text.trim()}\n`).join('\n');
}

/** WebVTT: a header, dot before the milliseconds; a cue's text must not contain '-->'. */
export function toVtt(segments: readonly TranscriptSegment[]): string {
  return `WEBVTT\n\n${segments.map((s) => `${stamp(s.start, '.')} --> ${stamp(s.end, '.')}\n${s.text.trim().replaceAll('-->', '->')}\n`).join('\n')}`;
}

/** A download's file name from the title: letters, digits, dashes. */
export function downloadName(title: string, ext: string): string {
  const base = title.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-').slice(0, 80) || 'transcription';
  return `${base}.${ext}`;
}
