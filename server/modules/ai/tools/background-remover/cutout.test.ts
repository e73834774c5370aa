import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getLocalVision } from '../../../../providers/ai/local-vision/index.ts';
import { BACKDROP, cutOutPeople, findPeople, keyOutBackdrop } from './cutout.ts';

const photo = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../../test-support/photos', name));

/** The RGBA pixels of a PNG. */
async function rgba(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(4);
  return { at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)], data, width: info.width, height: info.height };
}

describe('the local person cut-out', { timeout: 60_000 }, () => {
  it('gives a photo of a person an alpha channel: the background transparent, the person opaque', async () => {
    const vision = getLocalVision();
    const image = photo('astronaut.jpg');
    const people = await findPeople(vision, image, 512, 512);
    expect(people.length).toBeGreaterThan(0);
    const png = await cutOutPeople(image, await vision.personMask(image), people);
    expect((await sharp(png).metadata()).format).toBe('png');
    const pixels = await rgba(png);
    expect([pixels.width, pixels.height]).toEqual([512, 512]);
    // The face (the detector's box) is opaque; the flag and the sky behind her are gone.
    const [face] = await vision.faces(image);
    const faceAlpha = pixels.at(Math.round(face!.x + face!.width / 2), Math.round(face!.y + face!.height / 2))[3];
    expect(faceAlpha).toBe(255);
    expect(pixels.at(500, 10)[3]).toBe(0);
    let clear = 0;
    let solid = 0;
    for (let i = 3; i < pixels.data.length; i += 4) {
      if (pixels.data[i] === 0) clear++;
      if (pixels.data[i] === 255) solid++;
    }
    expect(clear / (512 * 512)).toBeGreaterThan(0.3);
    expect(solid / (512 * 512)).toBeGreaterThan(0.3);
    // The person keeps the photo's colours.
    const source = await sharp(image).raw().toBuffer();
    const i = (Math.round(face!.y + face!.height / 2) * 512 + Math.round(face!.x + face!.width / 2)) * 3;
    const [r, g, b] = pixels.at(Math.round(face!.x + face!.width / 2), Math.round(face!.y + face!.height / 2));
    expect([r, g, b]).toEqual([source[i], source[i + 1], source[i + 2]]);
  });

  it('finds no person in a cup of coffee or a cat (where the segmentation alone outlines one)', async () => {
    const vision = getLocalVision();
    expect(await findPeople(vision, photo('coffee.jpg'), 600, 400)).toEqual([]);
    expect(await findPeople(vision, photo('chelsea.jpg'), 451, 300)).toEqual([]);
  });
});

describe("a provider's answer keyed out", () => {
  /** A red disc on the plain backdrop, with a slightly uneven backdrop as a model draws it. */
  async function onBackdrop(): Promise<Buffer> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="160"><rect width="200" height="160" fill="${BACKDROP.hex}"/><rect x="0" y="0" width="200" height="20" fill="#08f010"/><circle cx="100" cy="80" r="50" fill="#c02020"/></svg>`;
    return sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
  }

  it('makes the backdrop transparent and keeps the subject opaque in its own colour', async () => {
    const pixels = await rgba(await keyOutBackdrop(await onBackdrop()));
    expect(pixels.at(5, 5)[3]).toBe(0);
    expect(pixels.at(195, 150)[3]).toBe(0);
    expect(pixels.at(100, 80)).toEqual([192, 32, 32, 255]);
  });

  it('keeps an answer that is transparent already', async () => {
    const transparent = await sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 20, height: 20, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 1 } } }, left: 10, top: 10 }])
      .png()
      .toBuffer();
    const pixels = await rgba(await keyOutBackdrop(transparent));
    expect(pixels.at(0, 0)[3]).toBe(0);
    expect(pixels.at(20, 20)).toEqual([10, 20, 30, 255]);
  });
});
