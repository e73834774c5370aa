/**
 * The landing page's pictures: the hero wall's tiles (web/public/hero) and the before/after examples
 * (web/public/examples), made by the app's own engines from openly licensed photos (docs/ASSETS.md).
 */
export interface SiteImage {
  src: string;
  width: number;
  height: number;
}

export interface Example {
  /** The tool that made it (a tool id of contract/tools.ts). */
  tool: string;
  title: string;
  caption: string;
  before: SiteImage & { alt: string };
  after: SiteImage & { alt: string };
}

export const HERO_IMAGES: readonly SiteImage[] = [];
export const EXAMPLES: readonly Example[] = [];
