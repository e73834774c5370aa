import sharp from 'sharp';
import type { Box, LocalVision } from '../../../../providers/ai/local-vision/index.ts';

/**
 * The Background Remover's two ways to a transparent PNG: the local engine's person cut-out (the selfie
 * segmentation's mask as alpha) and a provider's answer on a plain backdrop keyed out.
 */

/** A person the object detector must be this sure of (its default: coarse boxes, few false people). */
export const PERSON_MIN_SCORE = 0.4;

/**
 * Where the people in a photo are: the object detector's `person` boxes, else a box around each face (head to the
 * bottom of the photo, three faces wide). None means no person: the local engine refuses the photo. (The selfie
 * segmentation alone cannot say: it assumes a person and outlines a cat or a cup as one.)
 */
export async function findPeople(vision: Pick<LocalVision, 'objects' | 'faces'>, image: Buffer, width: number, height: number): Promise<Box[]> {
  const people = (await vision.objects(image, PERSON_MIN_SCORE)).filter((d) => d.label === 'person');
  if (people.length > 0) return people;
  return (await vision.faces(image)).map((face) => {
    const x = Math.max(0, face.x - face.width);
    const y = Math.max(0, face.y - face.height / 2);
    return { x, y, width: Math.min(width - x, face.width * 3), height: height - y };
  });
}

/** The boxes grown by a tenth on each side (the detector's boxes clip hair and hands), inside the photo. */
function grown(box: Box, width: number, height: number): Box {
  const x = Math.max(0, Math.floor(box.x - box.width / 10));
  const y = Math.max(0, Math.floor(box.y - box.height / 10));
  return { x, y, width: Math.min(width, Math.ceil(box.x + box.width * 1.1)) - x, height: Math.min(height, Math.ceil(box.y + box.height * 1.1)) - y };
}

/** RGBA PNG of `image` with `alpha` (one channel, the image's size) joined: the straight colour, no premultiplying. */
async function withAlpha(image: Buffer, alpha: Buffer, width: number, height: number): Promise<Buffer> {
  // Two steps: sharp runs removeAlpha after joinChannel in one pipeline, which would drop the new alpha.
  const rgb = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer();
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/**
 * The local engine's cut-out: the person mask (PNG, one channel, white = person) as the photo's alpha, kept inside the
 * people's boxes (the segmentation also outlines things near them). The mask's soft edge is pulled in (0.3 → 0,
 * 0.85 → 1), as the headshot's is: its outer half still carries the old background.
 */
export async function cutOutPeople(image: Buffer, mask: Buffer, people: readonly Box[]): Promise<Buffer> {
  const { width, height } = await sharp(image).metadata();
  const soft = await sharp(mask)
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .extractChannel(0)
    .blur(Math.max(0.6, Math.max(width, height) / 800))
    .raw()
    .toBuffer();
  const inside = Buffer.alloc(width * height);
  for (const box of people.map((b) => grown(b, width, height))) {
    for (let y = box.y; y < box.y + box.height; y++) inside.fill(1, y * width + box.x, y * width + box.x + box.width);
  }
  const alpha = Buffer.alloc(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = inside[i] ? Math.min(255, Math.max(0, Math.round((soft[i]! - 77) * 1.85))) : 0;
  return withAlpha(image, alpha, width, height);
}

/** Colour distance (0-441) under which a pixel is backdrop, and over which it is subject; between, partly both. */
export const KEY_NEAR = 40;
export const KEY_FAR = 110;

/** The backdrop's colour: the median of the image's outermost pixels, where a cut-out's backdrop always is. */
function borderColour(data: Buffer, width: number, height: number): [number, number, number] {
  const channel: number[][] = [[], [], []];
  const take = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    for (let c = 0; c < 3; c++) channel[c]!.push(data[i + c]!);
  };
  for (let x = 0; x < width; x++) {
    take(x, 0);
    take(x, height - 1);
  }
  for (let y = 1; y < height - 1; y++) {
    take(0, y);
    take(width - 1, y);
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
  return [median(channel[0]!), median(channel[1]!), median(channel[2]!)];
}

/**
 * A provider's answer made transparent. An image that already has transparent pixels is kept as it is (a model that
 * can answer with a transparent background did); else the plain backdrop it was asked for (BACKDROP) is keyed out:
 * its colour read from the border, each pixel's alpha from its distance to it, and the backdrop's tint taken out of
 * the edge pixels that keep some of it.
 */
export async function keyOutBackdrop(answer: Buffer): Promise<Buffer> {
  const decoded = sharp(answer);
  const meta = await decoded.metadata();
  if (meta.hasAlpha) {
    const { data } = await sharp(answer).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    if (data.some((a) => a < 250)) return sharp(answer).ensureAlpha().png().toBuffer();
  }
  const { data, info } = await sharp(answer).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const [br, bg, bb] = borderColour(data, width, height);
  const out = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    const r = data[p * 3]!;
    const g = data[p * 3 + 1]!;
    const b = data[p * 3 + 2]!;
    const distance = Math.hypot(r - br, g - bg, b - bb);
    const a = Math.min(1, Math.max(0, (distance - KEY_NEAR) / (KEY_FAR - KEY_NEAR)));
    // Straight colour: what is left once the backdrop's share (1 - a) is taken out.
    const unmix = (c: number, k: number) => (a > 0 ? Math.min(255, Math.max(0, Math.round((c - (1 - a) * k) / a))) : 0);
    out[p * 4] = unmix(r, br);
    out[p * 4 + 1] = unmix(g, bg);
    out[p * 4 + 2] = unmix(b, bb);
    out[p * 4 + 3] = Math.round(a * 255);
  }
  return sharp(out, { raw: { width, height, channels: 4 } }).png().toBuffer();
}

/** The backdrop a provider is asked to put the subject on: far from skin, hair and most clothes. */
export const BACKDROP = { name: 'pure chroma green', hex: '#00FF00' } as const;
