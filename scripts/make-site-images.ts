/**
 * Makes the landing page's pictures with the app's own local engine, from public-domain and CC0 photos of
 * scikit-image's sample data (Debian: `apt-get install -y python3-skimage`). docs/ASSETS.md lists every file with
 * its source, licence and the tool that made it; keep the two in step.
 *
 *   node --import tsx scripts/make-site-images.ts            # all images
 *   SKIMAGE_DATA=/path/to/skimage/data node --import tsx scripts/make-site-images.ts
 *
 * Writes web/public/hero/hero-N.webp (the hero wall: 176 px wide, never taller), hero/backdrop.webp (hero-1 at 24 px) and web/public/examples/<name>-before.webp
 * and -after.webp (the before/after sliders: up to 800 px wide, each pair one size), then prints the
 * entries of web/app/home/examples.ts with their sizes. Runs in about 20 seconds on two cores. The same inputs give
 * the same pictures: every effect and template is deterministic; only libvips' or libwebp's version may move a
 * few bytes.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp, type WebpOptions } from 'sharp';
import type { HeadshotBackgroundId, HeadshotStyle } from '../contract/headshot.ts';
import type { MockupDimension, MockupStyle } from '../contract/ai.ts';
import type { ThumbnailStyleId } from '../contract/thumbnail.ts';
import { createLocalImageEditor } from '../server/providers/ai/local-engine.ts';
import { renderHeadshot, headshotSquare } from '../server/providers/ai/local/headshot.ts';
import { findFaces, renderThumbnail, thumbnailFrame } from '../server/providers/ai/local/thumbnail.ts';
import { createLocalUpscaler } from '../server/providers/ai/local-upscaler/index.ts';
import { createLocalVision, type LocalVisionService } from '../server/providers/ai/local-vision/index.ts';
import { renderMockup } from '../server/providers/ai/mockup-templates.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const skimageData = process.env.SKIMAGE_DATA ?? '/usr/lib/python3/dist-packages/skimage/data';

/** The photos used, each public domain or CC0 as scikit-image's data/_fetchers.py states. */
const PHOTOS = {
  astronaut: 'astronaut.png',
  camera: 'camera.png',
  chelsea: 'chelsea.png',
  coffee: 'coffee.png',
  rocket: 'rocket.jpg',
  hubble: 'hubble_deep_field.jpg',
} as const;
type Photo = keyof typeof PHOTOS;

/**
 * The wall's tiles stay at most 176 px square. A browser counts an image's largest-paint size as at most its own
 * pixels: at this size no tile, however wide the screen, outgrows the hero's heading (about 41 000 px² at 1280 px
 * wide), which must stay the page's largest contentful paint. The wall sits dimmed behind a dark gradient, where
 * the softness does not show.
 */
const HERO_WIDTH = 176;
const EXAMPLE_MAX_WIDTH = 800;
const BACKDROP_WIDTH = 24;
/** The wall is decorative and dimmed behind the hero: low quality is invisible there and keeps each tile small. */
const HERO_WEBP = { quality: 60, effort: 6 } as const;
const EXAMPLE_WEBP = { quality: 68, effort: 6 } as const;

async function photo(name: Photo): Promise<Buffer> {
  const file = path.join(skimageData, PHOTOS[name]);
  try {
    // Greyscale sources (camera) become 3-channel sRGB so every effect and the face detector see RGB.
    return await sharp(await readFile(file)).toColourspace('srgb').removeAlpha().png().toBuffer();
  } catch (err) {
    throw new Error(`Cannot read ${file}: install python3-skimage or set SKIMAGE_DATA (${(err as Error).message})`);
  }
}

// ---------- the engine's tools, as each tool's local path calls them ----------

const editor = createLocalImageEditor();

/** The Morpher on the local engine: the prompt names the effect, the variability sets its strength. */
async function morph(image: Buffer, prompt: string, variability: number): Promise<{ data: Buffer; note: string }> {
  const result = await editor.editImage({ images: [{ data: image, mime: 'image/png' }], prompt, userPrompt: prompt, variability });
  return { data: result.data, note: result.text ?? '' };
}

async function mockup(artwork: Buffer, style: MockupStyle, dimensions: MockupDimension) {
  const { image, templateName } = await renderMockup({ artwork, style, dimensions, background: 'photo-studio', shadow: true });
  return { data: image, note: `Mockup Generator: ${templateName}, photo studio background, shadow` };
}

async function thumbnail(vision: LocalVisionService, image: Buffer, style: ThumbnailStyleId, realism: number, text: string) {
  const faces = await findFaces(vision, image);
  const result = await renderThumbnail({ image, faces, style, realism, text });
  return { data: result.data, note: result.text, faces };
}

async function headshot(vision: LocalVisionService, image: Buffer, style: HeadshotStyle, background: HeadshotBackgroundId) {
  const [face] = await vision.faces(image);
  if (!face) throw new Error('No face found for the headshot');
  const result = await renderHeadshot({ image, face, style, background, vision });
  return { data: result.data, note: result.text, face };
}

// ---------- output ----------

interface Written {
  file: string;
  width: number;
  height: number;
  bytes: number;
}

async function writeWebp(relative: string, image: Sharp, options: WebpOptions): Promise<Written> {
  const { data, info } = await image.webp(options).toBuffer({ resolveWithObject: true });
  const file = path.join(root, 'web', 'public', relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  return { file: `/${relative}`, width: info.width, height: info.height, bytes: data.length };
}

/** A wall tile: HERO_WIDTH wide, cropped to a square when it would be taller (see HERO_WIDTH). */
async function heroTile(index: number, image: Buffer): Promise<Written> {
  const { width, height } = await sharp(image).metadata();
  const tileHeight = Math.min(HERO_WIDTH, Math.round((height * HERO_WIDTH) / width));
  const tile = sharp(image).resize(HERO_WIDTH, tileHeight, { fit: 'cover', position: sharp.strategy.attention, kernel: 'lanczos3' }).removeAlpha();
  return writeWebp(`hero/hero-${index}.webp`, tile, HERO_WEBP);
}

/** Both sides of a slider at one size (the after image's, capped at 800 px wide), so the two overlay exactly. */
async function examplePair(name: string, before: Buffer, after: Buffer): Promise<[Written, Written]> {
  const meta = await sharp(after).metadata();
  const width = Math.min(EXAMPLE_MAX_WIDTH, meta.width);
  const height = Math.round((meta.height * width) / meta.width);
  const sized = (image: Buffer) => sharp(image).resize(width, height, { fit: 'cover', kernel: 'lanczos3' }).removeAlpha();
  return Promise.all([
    writeWebp(`examples/${name}-before.webp`, sized(before), EXAMPLE_WEBP),
    writeWebp(`examples/${name}-after.webp`, sized(after), EXAMPLE_WEBP),
  ]);
}

/** The artwork as the Mockup Generator receives it, centred on a plain canvas of the mockup's shape. */
async function onCanvas(artwork: Buffer, width: number, height: number): Promise<Buffer> {
  const art = await sharp(artwork).resize(Math.round(width * 0.6), Math.round(height * 0.7), { fit: 'inside' }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#eef0f3' } })
    .composite([{ input: art, gravity: 'centre' }])
    .png()
    .toBuffer();
}

const log = (what: string, written: Written, note: string) =>
  console.log(`${written.file.padEnd(32)} ${`${written.width}x${written.height}`.padEnd(9)} ${(written.bytes / 1024).toFixed(1).padStart(5)} KB  ${what}: ${note}`);

async function main() {
  const photos = Object.fromEntries(await Promise.all(Object.keys(PHOTOS).map(async (name) => [name, await photo(name as Photo)]))) as Record<Photo, Buffer>;
  const vision = createLocalVision();
  const upscaler = createLocalUpscaler();
  try {
    // The deep field is 1000x872 of mostly black sky: a square from its busy middle reads as a picture at 360 px.
    const hubble = await sharp(photos.hubble).extract({ left: 220, top: 200, width: 560, height: 560 }).png().toBuffer();
    // A phone screen is tall: the launch pad's upright middle fills it, where the whole landscape photo would be
    // letterboxed in white.
    const rocketTall = await sharp(photos.rocket).extract({ left: 215, top: 0, width: 210, height: 427 }).png().toBuffer();

    // ----- hero wall: one tile per line; their order is the wall's order (each column starts further down it) -----
    const hero: Array<() => Promise<{ data: Buffer; note: string; source: Photo }>> = [
      async () => ({ ...(await morph(photos.astronaut, 'a soft watercolour painting', 8)), source: 'astronaut' }),
      async () => ({ ...(await morph(photos.chelsea, 'oil painting with thick brush strokes', 8)), source: 'chelsea' }),
      async () => ({ ...(await morph(photos.coffee, 'golden hour', 8)), source: 'coffee' }),
      async () => ({ ...(await mockup(rocketTall, 'phone-display', 'square')), source: 'rocket' }),
      async () => ({ ...(await morph(hubble, 'vivid', 7)), source: 'hubble' }),
      async () => ({ ...(await headshot(vision, photos.astronaut, 'Casual', 'outdoors')), source: 'astronaut' }),
      async () => ({ ...(await morph(photos.camera, 'duotone', 9)), source: 'camera' }),
      async () => ({ ...(await morph(photos.rocket, 'cinematic movie look', 8)), source: 'rocket' }),
      async () => ({ ...(await mockup(photos.chelsea, 'framed-art', 'square')), source: 'chelsea' }),
      async () => ({ ...(await morph(photos.coffee, 'pop art', 7)), source: 'coffee' }),
      async () => ({ ...(await thumbnail(vision, photos.rocket, 'gaming-neon', 3, 'LIFT OFF')), source: 'rocket' }),
      async () => ({ ...(await morph(photos.chelsea, 'pencil sketch', 9)), source: 'chelsea' }),
      async () => ({ ...(await morph(photos.astronaut, 'cyberpunk', 7)), source: 'astronaut' }),
      async () => ({ ...(await mockup(photos.coffee, 'coffee-mug', 'square')), source: 'coffee' }),
      async () => ({ ...(await morph(hubble, 'pastel dream', 8)), source: 'hubble' }),
      async () => ({ ...(await morph(photos.camera, 'film noir', 8)), source: 'camera' }),
    ];
    const heroOut: Written[] = [];
    for (const [i, make] of hero.entries()) {
      const { data, note, source } = await make();
      const written = await heroTile(i + 1, data);
      heroOut.push(written);
      log(source, written, note);
      if (i === 0) {
        // The wall's static backdrop (spec 1 §9): hero-1 shrunk to a few pixels and blurred by the browser. At full
        // size it would stretch over the whole hero and be the page's largest paint, where the heading should be.
        log(source, await writeWebp('hero/backdrop.webp', sharp(data).resize({ width: BACKDROP_WIDTH }).removeAlpha(), HERO_WEBP), 'hero-1 as the backdrop');
      }
    }

    // ----- before/after examples -----
    const examples: Array<{ name: string; pair: [Written, Written] }> = [];
    const pair = async (name: string, source: Photo, before: Buffer, after: { data: Buffer; note: string }) => {
      const written = await examplePair(name, before, after.data);
      examples.push({ name, pair: written });
      log(source, written[0], 'before');
      log(source, written[1], after.note);
    };

    await pair('watercolour', 'coffee', photos.coffee, await morph(photos.coffee, 'turn it into a watercolour painting', 8));

    const thumb = await thumbnail(vision, photos.astronaut, 'viral-bold', 3, 'INTO ORBIT');
    // The same 16:9 frame the tool cut, untouched: the slider then shows only the grade and the lettering.
    const frame = (await thumbnailFrame(photos.astronaut, thumb.faces, true)).frame;
    await pair('thumbnail', 'astronaut', frame, thumb);

    const shot = await headshot(vision, photos.astronaut, 'Professional', 'office');
    await pair('headshot', 'astronaut', (await headshotSquare(photos.astronaut, shot.face)).square, shot);

    const laptop = await mockup(photos.chelsea, 'laptop-screen', 'landscape');
    await pair('mockup', 'chelsea', await onCanvas(photos.chelsea, 1600, 900), laptop);

    // Upscale ×4 of a 200x150 crop (Chelsea's face); the before is the same crop enlarged by a plain bicubic resize,
    // as a browser or an image viewer would show it.
    const crop = await sharp(photos.chelsea).extract({ left: 130, top: 40, width: 200, height: 150 }).png().toBuffer();
    const upscaled = await upscaler.upscale({ image: { data: crop, mime: 'image/png' }, scale: 4, tier: 'high_quality' });
    const enlarged = await sharp(crop).resize(800, 600, { kernel: 'cubic' }).png().toBuffer();
    await pair('upscale', 'chelsea', enlarged, { data: upscaled.data, note: `Upscale ×4, high quality (${upscaled.model ?? 'ESRGAN'})` });

    console.log('\nHERO_IMAGES:');
    for (const w of heroOut) console.log(`  { src: '${w.file}', width: ${w.width}, height: ${w.height} },`);
    console.log('\nExample sizes:');
    for (const { name, pair: [before] } of examples) console.log(`  ${name}: ${before.width}x${before.height}`);
    const over = [...heroOut.filter((w) => w.bytes > 30 * 1024), ...examples.flatMap((e) => e.pair).filter((w) => w.bytes > 80 * 1024)];
    if (over.length > 0) throw new Error(`Over budget (hero 30 KB, examples 80 KB): ${over.map((w) => w.file).join(', ')}`);
  } finally {
    await Promise.all([vision.close(), upscaler.worker.close()]);
  }
}

await main();
