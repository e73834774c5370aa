import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FAKE_MEDIA, makePng, makeWav, readFixture } from '../../test-support/media.ts';
import { detectMedia, processImage } from './media.ts';

describe('detectMedia', () => {
  it.each([
    ['tone.wav', 'audio/wav', 'wav', 'audio'],
    ['tone.mp3', 'audio/mpeg', 'mp3', 'audio'],
    ['tone.m4a', 'audio/mp4', 'm4a', 'audio'],
    ['tone.ogg', 'audio/ogg', 'ogg', 'audio'],
    ['tone.webm', 'audio/webm', 'webm', 'audio'],
    ['clip.mp4', 'video/mp4', 'mp4', 'video'],
  ] as const)('types a real %s by its parsed container', async (name, mime, ext, category) => {
    expect(await detectMedia(readFixture(name))).toEqual({ mime, ext, category });
  });

  it('types an audio-only MP4 whose brand says video as audio, as the parser sees its tracks', async () => {
    const m4a = Buffer.from(readFixture('tone.m4a'));
    const brand = m4a.indexOf('M4A ', 4, 'latin1');
    expect(brand).toBe(8);
    m4a.write('isom', brand, 'latin1');
    expect(await detectMedia(m4a)).toEqual({ mime: 'audio/mp4', ext: 'm4a', category: 'audio' });
  });

  it.each(FAKE_MEDIA)('refuses %s with 415', async (_label, fake) => {
    await expect(detectMedia(fake)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses a WAV with no samples (no duration)', async () => {
    await expect(detectMedia(makeWav(0))).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('types a large file from its headers (the upload buffer is parsed in place)', async () => {
    const big = Buffer.concat([readFixture('tone.mp3'), Buffer.alloc(100 * 1024 * 1024)]);
    expect(await detectMedia(big)).toMatchObject({ mime: 'audio/mpeg' });
  });

  it('leaves images to their own checks and answers null for other types', async () => {
    expect(await detectMedia(await makePng(8, 8))).toEqual({ mime: 'image/png', ext: 'png', category: 'image' });
    expect(await detectMedia(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
  });
});

describe('processImage', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();

  it('re-encodes what came from outside: a payload after the image end is gone, the thumbnail is made', async () => {
    const image = Buffer.concat([await png(800, 600), Buffer.from('<script>alert(1)</script>')]);
    const out = await processImage(image, 40_000_000);
    expect(out.buffer.includes('<script>')).toBe(false);
    expect([out.mime, out.width, out.height]).toEqual(['image/png', 800, 600]);
    expect((await sharp(out.thumbnail!).metadata()).width).toBe(512);
  });

  it('keeps an image this process encoded as it is (reencode: false), still checking its type and size, with its thumbnail', async () => {
    const image = await png(1280, 720);
    const out = await processImage(image, 40_000_000, { reencode: false });
    expect(out.buffer).toBe(image);
    expect([out.mime, out.ext, out.width, out.height]).toEqual(['image/png', 'png', 1280, 720]);
    expect((await sharp(out.thumbnail!).metadata()).format).toBe('webp');
    await expect(processImage(image, 500_000, { reencode: false })).rejects.toThrow(/too large/);
    await expect(processImage(Buffer.from('GIF89a-not-taken'), 40_000_000, { reencode: false })).rejects.toThrow(/Only PNG, JPG and WEBP/);
  });

  it('makes no thumbnail when none is asked for (an AI input)', async () => {
    const out = await processImage(await png(64, 64), 40_000_000, { thumbnail: false });
    expect(out.thumbnail).toBeNull();
    expect(out.width).toBe(64);
  });
});
