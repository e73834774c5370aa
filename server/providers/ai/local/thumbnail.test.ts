import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { THUMBNAIL_SIZE, THUMBNAIL_STYLE_IDS, THUMBNAIL_STYLES } from '../../../../contract/thumbnail.ts';
import { EFFECTS } from '../effects/index.ts';
import { getLocalVision, type Box } from '../local-vision/index.ts';
import { faceCrop, findFaces, HEADROOM, REALISM_STRENGTH, renderThumbnail, textSide, THUMBNAIL_GRADES, thumbnailFrame } from './thumbnail.ts';

const ratio = THUMBNAIL_SIZE.width / THUMBNAIL_SIZE.height;

describe('local thumbnail', () => {
  it('grades every style with effects the library has', () => {
    const known = new Set(EFFECTS.map((e) => e.id));
    for (const style of THUMBNAIL_STYLES) {
      const grade = THUMBNAIL_GRADES[style.id];
      for (const id of [...grade.effects, grade.stylize]) expect(known.has(id), `${style.id}: ${id}`).toBe(true);
      expect(grade.textFill).toMatch(/^#[0-9a-f]{6}$/i);
    }
    // Very Stylized strongest … Very Realistic lightest.
    expect([...REALISM_STRENGTH].sort((a, b) => b - a)).toEqual([...REALISM_STRENGTH]);
  });

  it.each([
    ['a face at the left of a landscape photo', { x: 100, y: 200, width: 150, height: 150 }, 1920, 1080],
    ['a face at the right edge of a panorama', { x: 2800, y: 300, width: 120, height: 120 }, 3000, 700],
    ['a face low in a portrait photo', { x: 300, y: 1500, width: 300, height: 300 }, 1000, 2000],
    ['a close-up face in a square photo', { x: 170, y: 120, width: 300, height: 300 }, 640, 640],
  ])('crops %s to 16:9 inside the photo, with the whole face in it', (_label, face, width, height) => {
    const crop = faceCrop(face, width, height, true);
    expect(Math.abs(crop.width / crop.height - ratio)).toBeLessThan(0.01);
    expect(crop.x).toBeGreaterThanOrEqual(0);
    expect(crop.y).toBeGreaterThanOrEqual(0);
    expect(crop.x + crop.width).toBeLessThanOrEqual(width);
    expect(crop.y + crop.height).toBeLessThanOrEqual(height);
    expect(face.x).toBeGreaterThanOrEqual(crop.x);
    expect(face.x + face.width).toBeLessThanOrEqual(crop.x + crop.width);
    expect(face.y).toBeGreaterThanOrEqual(crop.y);
    expect(face.y + face.height).toBeLessThanOrEqual(crop.y + crop.height);
  });

  it('keeps the centre of a face taller than any 16:9 crop of the photo (a selfie close-up)', () => {
    const face = { x: 20, y: 10, width: 600, height: 600 };
    const crop = faceCrop(face, 640, 640, true);
    expect(crop).toEqual({ x: 0, y: expect.any(Number), width: 640, height: 360 });
    expect(face.y + face.height / 2).toBeGreaterThan(crop.y);
    expect(face.y + face.height / 2).toBeLessThan(crop.y + crop.height);
  });

  it('puts the face on a third with text, in the upper part, and centres it without', () => {
    const face = { x: 900, y: 500, width: 120, height: 120 };
    const withText = faceCrop(face, 4000, 3000, true);
    const centre = (c: typeof withText) => (face.x + face.width / 2 - c.x) / c.width;
    expect(centre(withText)).toBeCloseTo(1 / 3, 2);
    expect((face.y + face.height / 2 - withText.y) / withText.height).toBeCloseTo(0.36, 2);
    expect(centre(faceCrop(face, 4000, 3000, false))).toBeCloseTo(0.5, 2);
  });

  it('letters on the side away from the face, and along the bottom when there is none', () => {
    expect(textSide('Hello world', [{ x: 250, y: 150, width: 200, height: 200 }])!.side).toBe('right');
    expect(textSide('Hello world', [{ x: 830, y: 150, width: 200, height: 200 }])!.side).toBe('left');
    expect(textSide('Hello world', [])!.side).toBe('bottom');
    expect(textSide('   ', [])).toBeNull();
  });
});

const photo = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../test-support/photos', name));

/**
 * The test portraits: the astronaut and the cameraman as they are (512x512), and the astronaut as a phone takes a
 * portrait (720x1280, 9:16, the face in the upper third, the backdrop continued above and below).
 */
async function portraits(): Promise<Record<string, Buffer>> {
  const astronaut = photo('astronaut.jpg');
  const phone = await sharp(astronaut).resize(720).extend({ top: 120, bottom: 440, extendWith: 'copy' }).jpeg({ quality: 90 }).toBuffer();
  return { astronaut, cameraman: photo('camera.jpg'), phone };
}

/**
 * The face the real detector finds in a thumbnail lies inside it with room on every side: the detector clamps its
 * boxes to the image, so a face cut by an edge touches it. Above the face the room is at least 2% of the frame (the
 * detector's box already reaches the hairline), and the top of the head is not cut.
 */
function expectFramed(faces: readonly Box[], label: string) {
  const { width, height } = THUMBNAIL_SIZE;
  expect(faces, `${label}: one face found in the thumbnail`).toHaveLength(1);
  const [face] = faces as [Box];
  expect(face.y, `${label}: room above the face (${JSON.stringify(face)})`).toBeGreaterThan(height * 0.02);
  expect(face.y + face.height, `${label}: the chin inside`).toBeLessThan(height - height * 0.01);
  expect(face.x, `${label}: the left of the face inside`).toBeGreaterThan(width * 0.01);
  expect(face.x + face.width, `${label}: the right of the face inside`).toBeLessThan(width - width * 0.01);
}

describe('local thumbnail edit prompt', () => {
  it('applies an effect the prompt names in full at every realism: black and white gives a grey thumbnail', async () => {
    const image = photo('astronaut.jpg');
    for (const realism of [1, 3, 5]) {
      const out = await renderThumbnail({ image, faces: [], style: 'viral-bold', realism, prompt: 'make it black and white' });
      const raw = await sharp(out.data).removeAlpha().raw().toBuffer();
      let saturation = 0;
      for (let i = 0; i < raw.length; i += 3) saturation = Math.max(saturation, Math.max(raw[i]!, raw[i + 1]!, raw[i + 2]!) - Math.min(raw[i]!, raw[i + 1]!, raw[i + 2]!));
      expect(saturation, `realism ${realism}: ${out.text}`).toBeLessThanOrEqual(1);
    }
  });
});

describe('local thumbnail framing, checked by the face detector on the output', () => {
  it('keeps the whole face of every test portrait in the frame with room above it, with and without text', async () => {
    const vision = getLocalVision();
    for (const [name, image] of Object.entries(await portraits())) {
      const found = await findFaces(vision, image);
      expect(found, name).toHaveLength(1);
      const face = found[0]!;
      const { height } = await sharp(image).metadata();
      for (const withText of [false, true]) {
        const { frame, crop } = await thumbnailFrame(image, found, withText);
        const label = `${name}, ${withText ? 'with' : 'without'} text`;
        // The frame keeps HEADROOM above the photo's face box, or all the room the photo has there.
        const room = Math.min(face.height * HEADROOM, face.y);
        expect(crop!.y, `${label}: crop ${JSON.stringify(crop)} around ${JSON.stringify(face)}`).toBeLessThanOrEqual(face.y - room + 1);
        expect(crop!.y + crop!.height, label).toBeGreaterThanOrEqual(Math.min(height, face.y + face.height));
        expectFramed(await vision.faces(frame), label);
      }
    }
  }, 120_000);

  it.each([['astronaut'], ['phone']])('frames the %s portrait whole in every style, graded and lettered', async (name) => {
    const vision = getLocalVision();
    const image = (await portraits())[name]!;
    const faces = await findFaces(vision, image);
    for (const style of THUMBNAIL_STYLE_IDS) {
      const out = await renderThumbnail({ image, faces, style, realism: 4, text: 'I went to space' });
      expect(out.text).toMatch(/^Framed the thumbnail around your face/);
      expect(await sharp(out.data).metadata()).toMatchObject(THUMBNAIL_SIZE);
      expectFramed(await vision.faces(out.data), `${name}, ${style}`);
    }
  }, 180_000);
});
