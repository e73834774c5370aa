/** The morpher's calls (spec 2 §7): generate an image and its history (a page, delete one, clear). */
import type { ToolId } from '../../../contract/tools.ts';
import type { z } from 'zod';
import { generatedImageResponse, type GeneratedImage, type morphRequest } from '../../../contract/ai.ts';
import { fileListResponse } from '../../../contract/files.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { postGeneration, type GenerationRun } from '../../lib/generations.ts';
import { clearFilesRequest, deleteFileRequest } from '../../lib/file-requests.ts';
import { fileKeys } from '../../lib/query-keys.ts';

export const MORPHER_TOOL_ID = 'image-variator' satisfies ToolId;
export const MORPHER_MESSAGES = {
  noImage: 'Please upload an image.',
  historyLoad: 'Failed to load image history',
  selectFailed: 'Failed to load selected image from gallery',
  useAsSourceFailed: 'Failed to use selected image as source',
  deleteFailed: 'Failed to delete image',
  clearFailed: 'Failed to clear history',
} as const;

/** One page of the file list (the gallery's and the history's answer). */
export type HistoryPage = z.infer<typeof fileListResponse>;

export type MorphBody = z.input<typeof morphRequest>;

/** POST /api/ai/generate-image with the morpher's body (a 202 is followed to the result). */
export async function morphImage(body: MorphBody, idempotencyKey?: string, run?: GenerationRun): Promise<GeneratedImage> {
  const data = await postGeneration('/ai/generate-image', body, { idempotencyKey, run });
  return parseAnswer(generatedImageResponse, data, 'Generation failed: the server answered in an unexpected shape');
}

export interface HistoryPageParam {
  offset: number;
  cursor?: string;
}

/** One page of the morpher's images: GET /api/files/list?category=image&limit=6&offset=…&tool=image-variator. */
export async function fetchHistoryPage(param: HistoryPageParam, limit: number): Promise<HistoryPage> {
  const data = await api.get<unknown>('/files/list', {
    query: { category: 'image', limit, offset: param.cursor ? undefined : param.offset, cursor: param.cursor, tool: MORPHER_TOOL_ID },
  });
  return parseAnswer(fileListResponse, data, MORPHER_MESSAGES.historyLoad);
}

/** Under the gallery's key, so the gallery's own updates (delete, visibility) reach the morpher's history too. */
export const historyQueryKey = [...fileKeys.galleryFor(MORPHER_TOOL_ID), 'morpher-history'] as const;

/** DELETE /api/files/delete/{id}: one history image (the same call the gallery makes). */
export const deleteHistoryImage = (id: string) => deleteFileRequest(id, MORPHER_MESSAGES.deleteFailed);

/** DELETE /api/files/clear?tool=image-variator: every morpher image, the gallery's other tools untouched. */
export const clearHistory = () => clearFilesRequest(MORPHER_TOOL_ID, MORPHER_MESSAGES.clearFailed);
