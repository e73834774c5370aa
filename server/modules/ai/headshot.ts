import sharp from 'sharp';
import type { GeneratedImage } from '../../../contract/ai.ts';
import { HEADSHOT_BACKGROUNDS, HEADSHOT_MESSAGES, HEADSHOT_SIZE, type HeadshotRequest, type HeadshotStyle } from '../../../contract/headshot.ts';
import { badRequest } from '../../lib/errors.ts';
import { isLocalEngine } from '../../providers/ai/engine.ts';
import { headshotSquare, renderHeadshot } from '../../providers/ai/local/headshot.ts';
import type { Face } from '../../providers/ai/local-vision/index.ts';
import type { AiProviders } from '../../providers/ai/types.ts';
import { costOf } from '../../providers/ai/cost.ts';
import { classifyFailure } from './failure.ts';
import { imageAnswer, type Lifecycle } from './lifecycle.ts';
import { checkedImage, type ImageLimits } from './preprocess.ts';

export interface HeadshotDeps {
  lifecycle: Pick<Lifecycle, 'generate'>;
  providers: Pick<AiProviders, 'imageEditor' | 'localVision'>;
  images: ImageLimits;
}

const TOOL = 'ai-headshot';

/**
 * The smallest usable face: its box at least 8% of the photo's shorter side and at least 48 px wide. The headshot
 * is a square about 2.8 face widths on a side, so a face under 8% means a crop under a quarter of the photo blown up
 * to 1024 px (soft and noisy, from either engine), and a face under 48 px has too few pixels for a likeness that a
 * provider keeps or a cut-out that follows the hair. Blazeface boxes run from brow to chin, so 48 px is a small face.
 */
export const MIN_FACE_FRACTION = 0.08;
export const MIN_FACE_PX = 48;

/**
 * A face beside the main one counts as a second person when it is at least this share of the main face's width;
 * smaller ones are bystanders far behind (or the detector's noise at the edge of its range: a 57 px face in a
 * 1600 px photo re-encoded as JPEG gave a second 0.96 "face" on the suit), which the square crop leaves out anyway.
 */
export const SECOND_FACE_SHARE = 0.6;

/** Exactly one face of usable size (bystanders much smaller aside), or the 400 that says what is wrong with the photo. */
export function oneUsableFace(faces: readonly Face[], width: number, height: number): Face {
  if (faces.length === 0) throw badRequest(HEADSHOT_MESSAGES.noFace);
  const needed = Math.max(MIN_FACE_PX, MIN_FACE_FRACTION * Math.min(width, height));
  const bySize = [...faces].sort((a, b) => b.width - a.width);
  const main = bySize[0]!;
  if (main.width < needed) throw badRequest(HEADSHOT_MESSAGES.faceTooSmall);
  if (bySize.length > 1 && bySize[1]!.width >= main.width * SECOND_FACE_SHARE) throw badRequest(HEADSHOT_MESSAGES.manyFaces);
  return main;
}

/** What each style asks a provider for. */
const STYLE_LOOKS: Record<HeadshotStyle, string> = {
  Professional: 'a polished corporate look: business attire, soft even studio lighting, confident friendly expression',
  Regal: 'a regal look: rich fabrics, warm golden light, dignified posture, a touch of grandeur',
  Elegant: 'an elegant look: refined clothing, soft flattering light, graceful and understated',
  Casual: 'a relaxed casual look: everyday clothing, natural light, approachable smile',
  Funky: 'a funky, playful look: bold colours, fun fashion, vibrant creative lighting',
  Vintage: 'a vintage look: classic film photography, period-appropriate styling, warm faded tones and grain',
  Cyberpunk: 'a cyberpunk look: futuristic styling, neon magenta and cyan rim light, high contrast',
  Gothic: 'a gothic look: dark elegant clothing, moody low-key light, deep shadows',
  Minimalist: 'a minimalist look: simple clean clothing, bright soft light, calm and uncluttered',
};

function backgroundWords(req: HeadshotRequest): string {
  const custom = req.customBackground?.trim();
  switch (req.background) {
    case 'office':
      return 'a modern office, softly blurred, with window light';
    case 'outdoors':
      return 'an outdoor setting with greenery and sky, softly blurred';
    case 'custom':
      return custom ? `this background: ${custom}` : 'a smooth, soft colour gradient';
    default:
      return 'a professional photo studio backdrop with a soft grey gradient';
  }
}

/** The instruction a provider gets: identity first, then the style, the background and the user's own words. */
export function headshotPrompt(req: HeadshotRequest): string {
  const extra = (req.prompt ?? req.userPrompt ?? '').trim();
  return [
    'Create a professional headshot portrait of the person in this photo.',
    "Keep the person's identity exactly: the same face, facial features, skin tone, hair, age and expression; do not beautify them into someone else.",
    `Style: ${req.style}, ${STYLE_LOOKS[req.style]}.`,
    `Background: ${backgroundWords(req)}.`,
    'Framing: head and shoulders, centred, looking at the camera, square 1:1, sharp focus on the eyes, photorealistic, high resolution. No text, no watermark.',
    extra ? `Additional instructions: ${extra}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Headshot generator (spec 3 §2): a square headshot in a style and background, priced as `headshot`. The photo must
 * show one face of usable size before anything is held, whichever engine runs: a provider would charge for a
 * headshot of nobody, and the local cut-out needs the face to frame.
 */
export function createHeadshot(deps: HeadshotDeps) {
  return async function headshot(userId: string, req: HeadshotRequest): Promise<GeneratedImage> {
    const source = await checkedImage(req.imageData, 'imageData', deps.images);
    const customBackground = req.background === 'custom' ? req.customBackground?.trim() || undefined : undefined;
    let faces: Face[];
    try {
      faces = await deps.providers.localVision.faces(source.buffer);
    } catch (err) {
      throw classifyFailure(err).error;
    }
    const face = oneUsableFace(faces, source.width, source.height);

    const editor = deps.providers.imageEditor;
    const local = isLocalEngine(editor.name);
    const backgroundName = HEADSHOT_BACKGROUNDS.find((b) => b.id === req.background)!.name;
    const userPrompt = (req.prompt ?? req.userPrompt ?? '').trim();
    const metadata = { style: req.style, background: req.background, ...(customBackground ? { customBackground } : {}) };
    return deps.lifecycle.generate(
      {
        userId,
        tool: TOOL,
        serviceType: 'headshot',
        description: 'AI Headshot',
        provider: editor.name,
        prompt: userPrompt || customBackground || null,
        params: { ...metadata, variability: req.variability ?? null },
      },
      async (run) => {
        if (local) {
          const rendered = await renderHeadshot({ image: source.buffer, face, style: req.style, background: req.background, customBackground, vision: deps.providers.localVision });
          await run.store({ data: rendered.data, entityType: 'generated_image', reencode: false, toolName: TOOL, prompt: userPrompt || null, metadata: { ...metadata, provider: editor.name } });
          return { provider: editor.name, text: rendered.text };
        }
        // The provider gets the same head-and-shoulders square the local engine frames, so it works on the face.
        const { square } = await headshotSquare(source.buffer, face);
        const output = await editor.editImage({ images: [{ data: square, mime: 'image/png' }], prompt: headshotPrompt(req), aspectRatio: '1:1', variability: req.variability, signal: run.signal });
        const data = await sharp(output.data).resize(HEADSHOT_SIZE, HEADSHOT_SIZE, { fit: 'cover' }).png().toBuffer();
        await run.store({ data, entityType: 'generated_image', reencode: false, toolName: TOOL, prompt: userPrompt || null, metadata: { ...metadata, provider: output.provider, model: output.model ?? null } });
        return { provider: output.provider, model: output.model, providerCost: costOf(output), text: output.text ?? `${req.style} headshot on ${backgroundName}.` };
      },
      imageAnswer,
    );
  };
}
