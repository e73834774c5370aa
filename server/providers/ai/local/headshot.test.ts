import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HEADSHOT_BACKGROUNDS, HEADSHOT_SIZE, HEADSHOT_STYLES } from '../../../../contract/headshot.ts';
import { getLocalVision } from '../local-vision/index.ts';
import { customColours, NEUTRAL_GRADIENT } from './headshot-backgrounds.ts';
import { headshotCrop, headshotSquare, renderHeadshot } from './headshot.ts';

const photo = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../test-support/photos', name));

const face = (x: number, y: number, width: number) => ({ x, y, width, height: width, score: 0.99 });

describe('headshot framing', () => {
  it('frames head and shoulders: 2.8 face widths, the face a little above the middle, inside the photo', () => {
    expect(headshotCrop(face(900, 300, 200), 2000, 1500)).toEqual({ x: 720, y: 160, width: 560, height: 560 });
    // Near the edge: shifted inside; too big for the photo: as big as the photo allows.
    expect(headshotCrop(face(0, 0, 200), 2000, 1500)).toEqual({ x: 0, y: 0, width: 560, height: 560 });
    expect(headshotCrop(face(152, 49, 144), 512, 512)).toMatchObject({ width: 403, height: 403, y: 0 });
  });
});

/** The face the detector finds in a headshot lies inside the square with room on every side (its boxes stop at an edge). */
function expectFramed(faces: readonly { x: number; y: number; width: number; height: number }[], label: string) {
  expect(faces, label).toHaveLength(1);
  const found = faces[0]!;
  expect(found.y, `${label}: room above`).toBeGreaterThan(HEADSHOT_SIZE * 0.05);
  expect(found.y + found.height, `${label}: the chin`).toBeLessThan(HEADSHOT_SIZE * 0.95);
  expect(found.x, `${label}: the left`).toBeGreaterThan(HEADSHOT_SIZE * 0.05);
  expect(found.x + found.width, `${label}: the right`).toBeLessThan(HEADSHOT_SIZE * 0.95);
}

describe('headshot framing, checked by the face detector on the output', () => {
  it('keeps the whole face of each test portrait in the square with room above it; the frontal ones in every style but pop art', async () => {
    const vision = getLocalVision();
    const astronaut = photo('astronaut.jpg');
    // The astronaut as a phone takes a portrait (720x1280, the face in the upper third), as the server receives it.
    const phone = await sharp(astronaut).resize(720).extend({ top: 120, bottom: 440, extendWith: 'copy' }).jpeg({ quality: 90 }).toBuffer();
    for (const [name, image] of Object.entries({ astronaut, cameraman: photo('camera.jpg'), phone })) {
      const [face] = await vision.faces(image);
      expect(face, name).toBeDefined();
      // The square every style is graded from (the grade moves no pixel in or out of it).
      expectFramed(await vision.faces((await headshotSquare(image, face!)).square), `${name}, the square`);
      // The detector loses faces under pop art's flat posterised colours (and the cameraman's turned face under the
      // bolder grades): the frontal portraits in every other style.
      if (name === 'cameraman') continue;
      for (const [i, style] of HEADSHOT_STYLES.entries()) {
        if (style === 'Funky') continue;
        const background = HEADSHOT_BACKGROUNDS[i % HEADSHOT_BACKGROUNDS.length]!.id;
        const out = await renderHeadshot({ image, face: face!, style, background, vision });
        const label = `${name}, ${style} on ${background}: ${out.text}`;
        expect(out.text, label).toMatch(/^Framed your head and shoulders/);
        expectFramed(await vision.faces(out.data), label);
      }
    }
  }, 180_000);
});

describe('custom background colours', () => {
  it('takes colours from the words, compound colour names as one, and falls back to a neutral gradient', () => {
    expect(customColours('').colours).toBe(NEUTRAL_GRADIENT);
    expect(customColours('something nice').named).toEqual([]);
    expect(customColours('Navy blue, please').named).toEqual(['navy']);
    expect(customColours('light blue').named).toEqual(['light blue']);
    expect(customColours('from teal to sunset').named).toEqual(['teal', 'sunset']);
  });
});
