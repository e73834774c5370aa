import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../test-support/media.ts';
import { timed } from '../../test-support/timing.ts';
import { checkedImage, createCheckCache, decodeImageData, morphPrompt, prepareSource, type CheckedImage } from './preprocess.ts';

const size = async (png: Buffer) => sharp(png).metadata().then((m) => [m.width, m.height]);

describe('prepareSource', () => {
  it('crops within the image and refuses crops outside it', async () => {
    const src = await makePng(400, 300);
    expect(await size((await prepareSource(src, { crop: { x: 10, y: 20, width: 100, height: 50 }, aspectRatio: 'original' })).image)).toEqual([100, 50]);
    await expect(prepareSource(src, { crop: { x: 350, y: 0, width: 100, height: 100 }, aspectRatio: 'original' })).rejects.toMatchObject({ status: 400 });
  });

  it('extends in one direction by 50/100/150% with green to fill', async () => {
    const src = await makePng(200, 100);
    const right = await prepareSource(src, { extend: { direction: 'right', amount: 150 }, aspectRatio: 'original' });
    expect(await size(right.image)).toEqual([500, 100]);
    const { data, info } = await sharp(right.image).raw().toBuffer({ resolveWithObject: true });
    const i = (50 * info.width + 450) * info.channels;
    expect([data[i], data[i + 1], data[i + 2]]).toEqual([0, 255, 0]);
    expect(await size((await prepareSource(src, { extend: { direction: 'top', amount: 50 }, aspectRatio: 'original' })).image)).toEqual([200, 150]);
  });

  it('pads to an aspect ratio and keeps the longest side within 1536 px', async () => {
    const square = await prepareSource(await makePng(300, 200), { aspectRatio: '1:1' });
    expect(await size(square.image)).toEqual([300, 300]);
    const story = await prepareSource(await makePng(2000, 1000), { aspectRatio: '9:16' });
    const [w, h] = await size(story.image);
    expect(h).toBe(1536);
    expect(Math.abs(w! / h! - 9 / 16)).toBeLessThan(0.01);
    expect(story.steps).toEqual(['padded to 9:16 (green area to fill)', 'resized to 864x1536']);
  });

  it('crops to the ratio when the shapes are within 15% (MOCKUP_ASPECT_TOLERANCE), pads beyond it, 4:3 and 3:4 included', async () => {
    // 1000x800 is 1.25, 4:3 is 1.33: 6% apart, so the middle 1000x750 is kept, nothing green to paint.
    const close = await prepareSource(await makePng(1000, 800), { aspectRatio: '4:3' });
    expect(await size(close.image)).toEqual([1000, 750]);
    expect(close.steps).toEqual(['cropped to 4:3']);
    const { data, info } = await sharp(close.image).raw().toBuffer({ resolveWithObject: true });
    // makePng's red rises with x, its green with y: the centre column and the middle rows are what remains.
    expect(data[(375 * info.width + 500) * info.channels + 1]).toBe(Math.floor((400 * 255) / 800));
    // 640x600 is 1.07 against 3:4 (0.75): 42% apart, so it is padded with green for the model to fill.
    const far = await prepareSource(await makePng(640, 600), { aspectRatio: '3:4' });
    expect(await size(far.image)).toEqual([640, 853]);
    expect(far.steps).toEqual(['padded to 3:4 (green area to fill)']);
    // At the edge: 15% apart still crops, 16% pads.
    expect((await prepareSource(await makePng(1150, 1000), { aspectRatio: '1:1' })).steps).toEqual(['cropped to 1:1']);
    expect((await prepareSource(await makePng(1160, 1000), { aspectRatio: '1:1' })).steps).toEqual(['padded to 1:1 (green area to fill)']);
    // A crop of a large source is scaled to 1536 px after it, never padded.
    const big = await prepareSource(await makePng(3000, 1800), { aspectRatio: '16:9' });
    expect(await size(big.image)).toEqual([1536, 864]);
    expect(big.steps).toEqual(['cropped to 16:9', 'resized to 1536x864']);
  });

  it('never builds a canvas larger than the result: a 40 MP panorama extended and padded to 9:16 works, quickly', async () => {
    const solid = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 10, g: 20, b: 200 } } }).png().toBuffer();
    // Padded at full size these were 711 MP and 17.8 gigapixels: past sharp's input limit (a 500), the second after 20 s of work.
    const padded = await prepareSource(await solid(20000, 2000), { aspectRatio: '9:16' });
    expect(await size(padded.image)).toEqual([864, 1536]);
    expect(padded.steps).toEqual(['padded to 9:16 (green area to fill)', 'resized to 864x1536']);
    const wide = await solid(40000, 1000);
    // The control: decoding the same source and scaling it to the output once, work no pipeline can skip
    // (a fixed number of milliseconds would fail on a loaded machine; this slows down with it).
    const control = await timed(() => sharp(wide).resize(864, 1536, { fit: 'contain' }).png().toBuffer());
    const { value: extended, ms } = await timed(() => prepareSource(wide, { extend: { direction: 'right', amount: 150 }, aspectRatio: '9:16' }));
    const [w, h] = await size(extended.image);
    expect(h).toBe(1536);
    expect(Math.abs(w! / h! - 9 / 16)).toBeLessThan(0.01);
    // About 1x the control when the source is scaled first; the gigapixel canvas took over 100x.
    expect(ms).toBeLessThan(10 * control.ms);
  });
});

describe('decodeImageData and morphPrompt', () => {
  it('accepts bare base64 and data URLs, refuses other text', async () => {
    const png = await makePng(10, 10);
    expect(decodeImageData(png.toString('base64'), 'imageData', png.length)).toEqual(png);
    expect(decodeImageData(`data:image/png;base64,${png.toString('base64')}`, 'imageData', png.length)).toEqual(png);
    expect(() => decodeImageData('<script>alert(1)</script>', 'imageData', 1024)).toThrow(/base64/);
    // One byte over the limit, bare or as a data URL: 413 like an upload, naming the field.
    for (const value of [png.toString('base64'), `data:image/png;base64,${png.toString('base64')}`]) {
      expect(() => decodeImageData(value, 'maskData', png.length - 1)).toThrow(expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/^maskData: /) }));
    }
  });

  it('says how close to stay and asks to paint green areas', () => {
    expect(morphPrompt('', 2, [])).toMatch(/very close/);
    expect(morphPrompt('neon city', 9, ['extended right by 50% (green area to fill)'])).toMatch(/Reimagine[\s\S]*#00FF00[\s\S]*neon city/);
  });
});

describe('createCheckCache and checkedImage', () => {
  const image = (bytes: number): CheckedImage => ({ buffer: Buffer.alloc(bytes), mime: 'image/png', ext: 'png', width: 1, height: 1 });

  it('checks a text once while it is kept, never keeps a refusal, and forgets after its time', async () => {
    let clock = 0;
    const cache = createCheckCache({ maxBytes: 1000, ttlMs: 100, now: () => clock });
    let runs = 0;
    const check = async () => {
      runs += 1;
      return image(10);
    };
    const first = await cache.get('a', check);
    expect(await cache.get('a', check)).toBe(first);
    expect(runs).toBe(1);
    await expect(cache.get('bad', () => Promise.reject(new Error('not an image')))).rejects.toThrow('not an image');
    await expect(cache.get('bad', () => Promise.reject(new Error('still not')))).rejects.toThrow('still not');
    expect(cache.size()).toEqual({ entries: 1, bytes: 10 });
    clock = 150;
    await cache.get('b', check);
    expect(cache.size()).toEqual({ entries: 1, bytes: 10 });
    await cache.get('a', check);
    expect(runs).toBe(3);
  });

  it('keeps nothing more past its bytes: the first checks stay, a later one runs again', async () => {
    const cache = createCheckCache({ maxBytes: 25, ttlMs: 60_000 });
    let runs = 0;
    const check = async () => {
      runs += 1;
      return image(10);
    };
    for (const key of ['a', 'b', 'c']) await cache.get(key, check);
    expect(cache.size()).toEqual({ entries: 2, bytes: 20 });
    await cache.get('a', check);
    await cache.get('c', check);
    expect(runs).toBe(4);
  });

  it('answers the same check for the same image and limits, and checks again under other limits', async () => {
    const png = (await sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } }).png().toBuffer()).toString('base64');
    const limits = { maxImageBytes: 1024 * 1024, maxImagePixels: 1_000_000 };
    const first = await checkedImage(png, 'imageData', limits);
    expect(first).toMatchObject({ width: 8, height: 6 });
    expect(await checkedImage(png, 'imageData', limits)).toBe(first);
    expect(await checkedImage(png, 'imageData', { ...limits, maxImagePixels: 999_999 })).not.toBe(first);
    await expect(checkedImage(png, 'imageData', { ...limits, maxImagePixels: 40 })).rejects.toThrow();
  });
});
