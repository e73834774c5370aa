import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../types.ts';
import { createLocalUpscaler, EngineWorker, type LocalUpscaler, sharedEngineWorker } from './index.ts';
import { imagePsnr, makeTestImage } from './test-image.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TIERS = ['fast', 'standard', 'high_quality'] as const;

let upscaler: LocalUpscaler;
let source: Buffer; // 64×48

beforeAll(async () => {
  upscaler = createLocalUpscaler();
  source = await makeTestImage(64, 48);
});
afterAll(async () => {
  await upscaler.worker.close();
});

async function expectProviderError(promise: Promise<unknown>, errorClass: string, message: RegExp): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  const pe = err as ProviderError;
  expect(pe.provider).toBe('Local engine');
  expect(pe.errorClass).toBe(errorClass);
  expect(pe.message).toMatch(message);
  return pe;
}

describe('local upscaler', () => {
  it('shares one engine worker per process unless given one', async () => {
    const other = createLocalUpscaler();
    expect(other.worker).toBe(upscaler.worker);
    expect(upscaler.worker).toBe(sharedEngineWorker());
    const own = createLocalUpscaler({ threads: 1 });
    expect(own.worker).not.toBe(upscaler.worker);
    await own.close();
    await other.close(); // leaves the shared worker alone
  });

  it('declares its capabilities', () => {
    expect(upscaler.name).toBe('local');
    expect(upscaler.capabilities).toEqual({
      scale_factors: [2, 4],
      quality_tiers: ['fast', 'standard', 'high_quality'],
      supports_creativity: false,
      supports_sharpen: true,
    });
  });

  for (const tier of TIERS) {
    for (const scale of [2, 4]) {
      it(`${tier} ×${scale}: a PNG exactly ${scale}× the input`, { timeout: 60_000 }, async () => {
        const result = await upscaler.upscale({ image: { data: source, mime: 'image/png' }, scale, tier });
        expect(result.mime).toBe('image/png');
        expect(result.provider).toBe('Local engine');
        expect(result.model).toMatch(tier === 'fast' ? /lanczos3/ : tier === 'standard' ? /ESRGAN slim x\d/ : /ESRGAN medium x\d/);
        if (tier !== 'fast') expect(result.model).toContain(`x${scale}`);
        expect(result.data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
        const meta = await sharp(result.data).metadata();
        expect(meta.format).toBe('png');
        expect([meta.width, meta.height]).toEqual([64 * scale, 48 * scale]);
        // A full decode, not just the header.
        const { info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
        expect(info.width * info.height).toBe(64 * 48 * scale * scale);
      });
    }
  }

  it('keeps transparency and handles greyscale and odd sizes', { timeout: 60_000 }, async () => {
    const rgba = await sharp({ create: { width: 37, height: 23, channels: 4, background: { r: 10, g: 200, b: 40, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const withAlpha = await upscaler.upscale({ image: { data: rgba, mime: 'image/png' }, scale: 2, tier: 'standard' });
    const meta = await sharp(withAlpha.data).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([74, 46, true]);
    const { data } = await sharp(withAlpha.data).raw().toBuffer({ resolveWithObject: true });
    expect(Math.abs(data[3]! - 128)).toBeLessThanOrEqual(1); // alpha 0.5 survives

    const grey = await sharp(source).greyscale().png().toBuffer();
    const fromGrey = await upscaler.upscale({ image: { data: grey, mime: 'image/png' }, scale: 2, tier: 'standard' });
    expect(await sharp(fromGrey.data).metadata()).toMatchObject({ width: 128, height: 96 });

    const jpeg = await sharp(source).jpeg().toBuffer();
    const fromJpeg = await upscaler.upscale({ image: { data: jpeg, mime: 'image/jpeg' }, scale: 4, tier: 'fast' });
    expect(await sharp(fromJpeg.data).metadata()).toMatchObject({ format: 'png', width: 256, height: 192 });
  });

  it('sharpen > 0 sharpens the result', { timeout: 60_000 }, async () => {
    const plain = await upscaler.upscale({ image: { data: source, mime: 'image/png' }, scale: 2, tier: 'standard' });
    const sharpened = await upscaler.upscale({ image: { data: source, mime: 'image/png' }, scale: 2, tier: 'standard', sharpen: 8 });
    const psnr = await imagePsnr(plain.data, sharpened.data);
    expect(psnr).toBeLessThan(45); // visibly different…
    expect(psnr).toBeGreaterThan(20); // …but the same picture
  });

  it('standard and high quality beat lanczos on PSNR against the ground truth', { timeout: 120_000 }, async () => {
    // Ground truth 256×192; downscale ×2 (bicubic, as the models were trained), upscale back, compare.
    const truth = await makeTestImage(256, 192);
    const small = await sharp(truth).resize(128, 96, { kernel: 'cubic' }).png().toBuffer();
    const lanczos = await sharp(small).resize(256, 192, { kernel: 'lanczos3' }).png().toBuffer();
    const psnr: Record<string, number> = { lanczos: await imagePsnr(truth, lanczos) };
    for (const tier of TIERS) {
      const result = await upscaler.upscale({ image: { data: small, mime: 'image/png' }, scale: 2, tier });
      psnr[tier] = await imagePsnr(truth, result.data);
    }
    console.log('PSNR ×2 vs ground truth (dB):', Object.fromEntries(Object.entries(psnr).map(([k, v]) => [k, v.toFixed(2)])));
    expect(psnr.standard).toBeGreaterThan(psnr.lanczos! + 0.3);
    expect(psnr.high_quality).toBeGreaterThan(psnr.lanczos! + 0.3);
  });

  it('refuses images above the pixel limit with file_too_large, before any model work', async () => {
    // The default limits: 2048×2048 for ×2, 1024×1024 for ×4 (only the header is read).
    const big = await sharp({ create: { width: 2049, height: 2048, channels: 3, background: '#888' } }).png().toBuffer();
    await expectProviderError(upscaler.upscale({ image: { data: big, mime: 'image/png' }, scale: 2, tier: 'standard' }), 'file_too_large', /2049×2048.*too large|too large.*2049×2048/);
    const forX4 = await sharp({ create: { width: 1025, height: 1024, channels: 3, background: '#888' } }).png().toBuffer();
    await expectProviderError(upscaler.upscale({ image: { data: forX4, mime: 'image/png' }, scale: 4, tier: 'fast' }), 'file_too_large', /×4/);
    expect(upscaler.maxInputPixelsFor(2)).toBe(2048 * 2048);
    expect(upscaler.maxInputPixelsFor(4)).toBe(1024 * 1024);

    const small = createLocalUpscaler({ maxInputPixels: 40 * 40, worker: new EngineWorker() });
    try {
      const image = { data: await sharp({ create: { width: 30, height: 30, channels: 3, background: '#888' } }).png().toBuffer(), mime: 'image/png' };
      await expectProviderError(small.upscale({ image, scale: 4, tier: 'high_quality' }), 'file_too_large', /Resize it/);
      const ok = await small.upscale({ image, scale: 2, tier: 'fast' });
      expect((await sharp(ok.data).metadata()).width).toBe(60);
      expect(small.worker.startedWorkers).toBe(0); // refused before the worker was needed
    } finally {
      await small.worker.close();
    }
  });

  it('refuses corrupt input with a clear error', { timeout: 30_000 }, async () => {
    const noise = randomBytes(2000);
    const truncated = source.subarray(0, Math.floor(source.length / 2));
    for (const tier of TIERS) {
      await expectProviderError(upscaler.upscale({ image: { data: noise, mime: 'image/png' }, scale: 2, tier }), 'server', /could not be read/);
      await expectProviderError(upscaler.upscale({ image: { data: truncated, mime: 'image/png' }, scale: 2, tier }), 'server', /could not be read/);
    }
  });

  it('refuses scale factors it does not offer', async () => {
    await expectProviderError(upscaler.upscale({ image: { data: source, mime: 'image/png' }, scale: 3, tier: 'fast' }), 'server', /×2 or ×4/);
  });
});
