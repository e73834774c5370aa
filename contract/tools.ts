import { z } from 'zod';

export const TOOL_STATUSES = ['available', 'beta', 'coming-soon', 'disabled'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];
export const TOOL_ICONS = ['Palette', 'Sparkles', 'ImageIcon', 'Wand2', 'Mic', 'Camera', 'User'] as const;
export type ToolIcon = (typeof TOOL_ICONS)[number];

export const TOOL_IDS = [
  'image-variator',
  'mockup-generator',
  'thumbnail-generator',
  'caption-generator',
  'transcription',
  'ai-photoshoot',
  'ai-headshot',
] as const;
export type ToolId = (typeof TOOL_IDS)[number];

export const toolConfigSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  shortDescription: z.string(),
  iconName: z.string(),
  path: z.string(),
  status: z.enum(TOOL_STATUSES),
  color: z.string(),
  order: z.number().int(),
  requiresAuth: z.boolean(),
  category: z.string(),
  featured: z.boolean(),
});
export type ToolConfig = z.infer<typeof toolConfigSchema>;
export const toolsConfigResponse = z.object({ tools: z.array(toolConfigSchema) });

/**
 * The catalogue every new database is seeded with (spec 1 §3, spec 3 §3). The admin area changes the
 * stored copy; a tool is 'available' once the issue that builds it has landed.
 */
export const TOOL_CATALOGUE: readonly ToolConfig[] = [
  {
    id: 'image-variator',
    title: 'AI Image Morpher',
    description: 'Create variations of any image with a prompt, crop, inpaint mask, extend or a new aspect ratio.',
    shortDescription: 'Variations of your image, your way',
    iconName: 'Palette',
    path: '/tools/image-variator',
    status: 'available',
    color: 'violet',
    order: 1,
    requiresAuth: true,
    category: 'image',
    featured: true,
  },
  {
    id: 'mockup-generator',
    title: 'Mockup Generator',
    description: 'Place your designs on laptops, phones, mugs, posters, billboards and more, in twelve product styles.',
    shortDescription: 'Product mockups in seconds',
    iconName: 'ImageIcon',
    path: '/tools/mockup-generator',
    status: 'available',
    color: 'blue',
    order: 2,
    requiresAuth: true,
    category: 'image',
    featured: true,
  },
  {
    id: 'thumbnail-generator',
    title: 'Thumbnail Generator',
    description: 'Turn a frame into a scroll-stopping 1280x720 video thumbnail in a creator style, with text overlay.',
    shortDescription: 'Viral video thumbnails',
    iconName: 'Sparkles',
    path: '/tools/thumbnail-generator',
    status: 'available',
    color: 'rose',
    order: 3,
    requiresAuth: true,
    category: 'image',
    featured: false,
  },
  {
    id: 'caption-generator',
    title: 'Caption Generator',
    description: 'Captions and 5-7 hashtags for Instagram, Facebook, X and LinkedIn in your tone and language.',
    shortDescription: 'Captions and hashtags that fit',
    iconName: 'Wand2',
    path: '/tools/caption-generator',
    status: 'available',
    color: 'amber',
    order: 4,
    requiresAuth: true,
    category: 'content',
    featured: false,
  },
  {
    id: 'transcription',
    title: 'Audio Transcription',
    description: 'Record or upload audio and get a transcript, a summary, action points and more.',
    shortDescription: 'Speech to text, refined',
    iconName: 'Mic',
    path: '/tools/transcription',
    status: 'available',
    color: 'emerald',
    order: 5,
    requiresAuth: true,
    category: 'content',
    featured: false,
  },
  {
    id: 'ai-photoshoot',
    title: 'AI Photoshoot',
    description: 'Turn 1 to 4 reference photos into a set of new photos: choose what may change (pose, scenery, lighting, angle, style) and the shape.',
    shortDescription: 'A photoshoot from a few photos',
    iconName: 'Camera',
    path: '/tools/ai-photoshoot',
    status: 'available',
    color: 'sky',
    order: 6,
    requiresAuth: true,
    category: 'image',
    featured: false,
  },
  {
    id: 'ai-headshot',
    title: 'AI Headshot Generator',
    description: 'A professional headshot from one photo, in nine styles and four backgrounds.',
    shortDescription: 'Professional headshots',
    iconName: 'User',
    path: '/tools/ai-headshot',
    status: 'available',
    color: 'teal',
    order: 7,
    requiresAuth: true,
    category: 'image',
    featured: false,
  },
];

// --- The admin area's Tools Configuration tab (spec 3 §2, §7). ---

/**
 * One tool of POST /api/admin/tools-config. The client may send the whole ToolConfig it holds; only `status` and
 * `featured` are read (with the list's order), every other field is ignored: titles and descriptions come from the
 * catalogue (tools-sync), not from the browser.
 */
export const toolConfigUpdateItem = z.object({
  id: z.string().trim().min(1).max(64),
  status: z.enum(TOOL_STATUSES, { error: 'Status must be available, beta, coming-soon or disabled' }),
  featured: z.boolean(),
});
/**
 * POST /api/admin/tools-config: every tool once, in the order wanted; orders are renumbered 1..n in that order.
 * Answers the saved list (toolsConfigResponse).
 */
export const toolsConfigUpdateRequest = z.strictObject({ tools: z.array(toolConfigUpdateItem).min(1).max(100) });
export type ToolsConfigUpdate = z.infer<typeof toolsConfigUpdateRequest>;

/**
 * POST /api/admin/tools-sync against TOOL_CATALOGUE: a catalogue tool missing from the database is added (after the
 * others, with the catalogue's status); a stored tool whose descriptive fields (title, descriptions, icon, path,
 * colour, category, requiresAuth) differ from the catalogue gets the catalogue's; the admin's status, order and
 * featured are kept. `updated_count` counts both. A stored tool the catalogue does not know is left alone and
 * reported in `skipped_tools`.
 */
export const toolsSyncResponse = z.object({
  updated_count: z.number().int(),
  skipped_count: z.number().int(),
  skipped_tools: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type ToolsSyncResult = z.infer<typeof toolsSyncResponse>;
/** The catalogue fields tools-sync owns (the admin owns status, order and featured). */
export const TOOL_CATALOGUE_FIELDS = ['title', 'description', 'shortDescription', 'iconName', 'path', 'color', 'category', 'requiresAuth'] as const;
