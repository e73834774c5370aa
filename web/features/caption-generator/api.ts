/** The caption generator's calls (spec 3 §7): generate a caption, and the image gallery below (a page, delete, clear). */
import type { ToolId } from '../../../contract/tools.ts';
import { z } from 'zod';
import { captionResponse, type CaptionRequest, type CaptionResult } from '../../../contract/captions.ts';
import { CAPTION_GALLERY_PAGE_SIZE } from '../../../contract/captions.ts';
import { fileListResponse } from '../../../contract/files.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { postGeneration, type GenerationRun } from '../../lib/generations.ts';
import { clearFilesRequest, deleteFileRequest } from '../../lib/file-requests.ts';
import { fileKeys } from '../../lib/query-keys.ts';

export const CAPTION_TOOL_ID = 'caption-generator' satisfies ToolId;

/** Spec 3 §8: the gallery's messages. */
export const CAPTION_GALLERY_MESSAGES = {
  load: 'Failed to load gallery images',
  selectLoad: 'Failed to load selected image from gallery',
  selectProcess: 'Failed to process selected gallery image',
  selectCanvas: 'Failed to create canvas context for gallery image',
  selectConvert: 'Failed to convert gallery image to file',
  deleteFailed: 'Failed to delete image',
  clearFailed: 'Failed to clear gallery',
} as const;

/** POST /api/ai/generate-caption (a 202 is followed to the result). */
export async function generateCaption(body: CaptionRequest, idempotencyKey?: string, run?: GenerationRun): Promise<CaptionResult> {
  const data = await postGeneration('/ai/generate-caption', body, { idempotencyKey, run });
  return parseAnswer(captionResponse, data, 'the server answered in an unexpected shape');
}

const answerText = z.object({ caption: z.string(), hashtags: z.array(z.string()) });

/**
 * The caption of an answer: `text` is JSON {caption, hashtags} (spec 3 §7); when it is not, the raw text is the
 * caption with the answer's hashtags.
 */
export function readCaption(result: Pick<CaptionResult, 'text' | 'caption' | 'hashtags'>): { caption: string; hashtags: string[] } {
  try {
    const parsed = answerText.safeParse(JSON.parse(result.text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return { caption: result.caption || result.text, hashtags: result.hashtags };
}

/** What the copy button puts on the clipboard: the caption, a blank line, the hashtags. */
export const copyText = (caption: string, hashtags: readonly string[]) => (hashtags.length ? `${caption}\n\n${hashtags.map((h) => `#${h}`).join(' ')}` : caption);

export type GalleryPage = z.infer<typeof fileListResponse>;

/** GET /api/files/list?category=image&limit=12&offset=…: all the user's images, one page. */
export async function fetchGalleryPage(offset: number): Promise<GalleryPage> {
  const data = await api.get<unknown>('/files/list', { query: { category: 'image', limit: CAPTION_GALLERY_PAGE_SIZE, offset } });
  return parseAnswer(fileListResponse, data, CAPTION_GALLERY_MESSAGES.load);
}

/** Under the gallery's key, so the gallery's own changes (delete, visibility, new images) reach this list too. */
export const galleryPageKey = (offset: number) => [...fileKeys.galleryFor(null), 'caption-gallery', offset] as const;

export const deleteGalleryImage = (id: string) => deleteFileRequest(id, CAPTION_GALLERY_MESSAGES.deleteFailed);
export const clearGallery = () => clearFilesRequest(null, CAPTION_GALLERY_MESSAGES.clearFailed);
