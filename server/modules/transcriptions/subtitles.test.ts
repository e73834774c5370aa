import { describe, expect, it } from 'vitest';
import { downloadName, toSrt, toVtt } from './subtitles.ts';

const segments = [
  { start: 0.03, end: 2.5, text: 'Hello there.' },
  { start: 3661.2, end: 3662.005, text: 'An hour --> later.' },
];

describe('subtitles', () => {
  it('SRT: numbered cues with comma milliseconds', () => {
    expect(toSrt(segments)).toBe('1\n00:00:00,030 --> 00:00:02,500\nHello there.\n\n2\n01:01:01,200 --> 01:01:02,005\nAn hour --> later.\n');
  });
  it('VTT: header, dot milliseconds, no arrow inside a cue', () => {
    expect(toVtt(segments)).toBe('WEBVTT\n\n00:00:00.030 --> 00:00:02.500\nHello there.\n\n01:01:01.200 --> 01:01:02.005\nAn hour -> later.\n');
  });
  it('file names keep letters, digits and dashes only', () => {
    expect(downloadName('Team call: "Q3" plans/ideas', 'srt')).toBe('Team-call-Q3-plansideas.srt');
    expect(downloadName('///', 'txt')).toBe('transcription.txt');
  });
});
