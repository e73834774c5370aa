/**
 * The landing page's pictures: the hero wall's tiles (web/public/hero) and the before/after examples
 * (web/public/examples), made by the app's own local engine from public-domain and CC0 photos by
 * scripts/make-site-images.ts (which prints these entries); docs/ASSETS.md names each one's source and licence.
 */
import { TOOL_DEFINITIONS, type ToolId } from '../../../contract/tools.ts';

export interface SiteImage {
  src: string;
  width: number;
  height: number;
}

export interface Example {
  /** The tool that made it: a tool id of contract/tools.ts, or the upscaler (the gallery's and Morpher's dialog). */
  tool: ToolId | 'upscaler';
  title: string;
  /** Says which engine made it: these are local-engine results, never a generative provider's. */
  caption: string;
  before: SiteImage & { alt: string };
  after: SiteImage & { alt: string };
}

const tile = (n: number, width: number, height: number): SiteImage => ({ src: `/hero/hero-${n}.webp`, width, height });

export const HERO_IMAGES: readonly SiteImage[] = [
  tile(1, 176, 176),
  tile(2, 176, 117),
  tile(3, 176, 117),
  tile(4, 176, 176),
  tile(5, 176, 176),
  tile(6, 176, 176),
  tile(7, 176, 176),
  tile(8, 176, 117),
  tile(9, 176, 176),
  tile(10, 176, 117),
  tile(11, 176, 99),
  tile(12, 176, 117),
  tile(13, 176, 176),
  tile(14, 176, 176),
  tile(15, 176, 176),
  tile(16, 176, 176),
];

/** hero-1 at 24 px: the wall's static backdrop, stretched and blurred (tiny, so it is never the page's largest paint). */
export const HERO_BACKDROP: SiteImage = { src: '/hero/backdrop.webp', width: 24, height: 24 };

const pair = (name: string, width: number, height: number, before: string, after: string) => ({
  before: { src: `/examples/${name}-before.webp`, width, height, alt: before },
  after: { src: `/examples/${name}-after.webp`, width, height, alt: after },
});

/** Paired by shape (two 16:9, then 3:2 and 4:3) so each row of two lines up; the square one closes the list alone. */
export const EXAMPLES: readonly Example[] = [
  {
    tool: 'thumbnail-generator',
    title: 'Video thumbnail with text',
    caption: 'Viral Bold style with the text “INTO ORBIT”: the local engine framed the 16:9 crop around the face, graded it and lettered the side away from it.',
    ...pair('thumbnail', 800, 450, 'An astronaut in an orange suit, cropped to 16:9', 'The same frame in punchy colours with the words INTO ORBIT in yellow'),
  },
  {
    tool: 'mockup-generator',
    title: 'Artwork on a laptop',
    caption: 'Laptop screen template with a photo studio background and shadow, drawn by the local engine’s mockup templates.',
    ...pair('mockup', 800, 450, 'A photo of a tabby cat on a plain grey canvas', 'The cat photo on the screen of a laptop in a bright studio'),
  },
  {
    tool: 'image-variator',
    title: 'Photo to watercolour',
    caption: 'Prompt “turn it into a watercolour painting”, variability 8: the local engine’s Watercolour effect, a free preview made without an AI provider.',
    ...pair('watercolour', 600, 400, 'A cup of espresso on a wooden table', 'The same espresso photo as a soft watercolour painting'),
  },
  {
    tool: 'upscaler',
    title: 'Upscale ×4',
    caption: 'A 200 × 150 px crop enlarged four times by the local ESRGAN model (high quality). Before: the same crop enlarged by plain bicubic resizing.',
    ...pair('upscale', 800, 600, 'A small crop of a cat’s eyes enlarged by plain resizing', 'The same crop enlarged by the ESRGAN upscaler'),
  },
  {
    tool: 'ai-headshot',
    title: 'Headshot with a new background',
    caption: 'Professional style on the Office background: the local engine cut the person out and placed her on a drawn, blurred office. The face is the photo’s own.',
    ...pair('headshot', 800, 800, 'Head-and-shoulders photo of an astronaut in front of a flag', 'The same astronaut in front of a softly blurred office'),
  },
];

/** The name the site shows for an example's tool. */
export function exampleToolName(tool: Example['tool']): string {
  return tool === 'upscaler' ? 'Upscaler' : TOOL_DEFINITIONS[tool].catalogue.title;
}
