/** The morpher's calls (spec 2 §7): generate an image, its history page, and the development-host check. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { generatedImageResponse, type GeneratedImage, type morphRequest } from '../../../contract/ai.ts';
import { fileListResponse } from '../../../contract/files.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { fileKeys, type GalleryPage } from '../files/api.ts';

export const MORPHER_TOOL_ID = 'image-variator';
export const MORPHER_MESSAGES = {
  noImage: 'Please upload an image.',
  historyLoad: 'Failed to load image history',
  selectFailed: 'Failed to load selected image from gallery',
  useAsSourceFailed: 'Failed to use selected image as source',
} as const;

export type MorphBody = z.input<typeof morphRequest>;

/** Where the app serves a stored file inline (results, gallery images at full size). */
export const fileServeUrl = (uuid: string) => `/api/files/serve/${encodeURIComponent(uuid)}`;
export const fileDownloadUrl = (uuid: string) => `/api/files/download/${encodeURIComponent(uuid)}`;

/** POST /api/ai/generate-image with the morpher's body. */
export async function morphImage(body: MorphBody, signal?: AbortSignal, idempotencyKey?: string): Promise<GeneratedImage> {
  const data = await api.post<unknown>('/ai/generate-image', body, { signal, idempotencyKey });
  return parseAnswer(generatedImageResponse, data, 'Generation failed: the server answered in an unexpected shape');
}

export interface HistoryPageParam {
  offset: number;
  cursor?: string;
}

/** One page of the morpher's images: GET /api/files/list?category=image&limit=6&offset=…&tool=image-variator. */
export async function fetchHistoryPage(param: HistoryPageParam, limit: number): Promise<GalleryPage> {
  const data = await api.get<unknown>('/files/list', {
    query: { category: 'image', limit, offset: param.cursor ? undefined : param.offset, cursor: param.cursor, tool: MORPHER_TOOL_ID },
  });
  return parseAnswer(fileListResponse, data, MORPHER_MESSAGES.historyLoad);
}

/** Under the gallery's key, so the gallery's own updates (delete, visibility) reach the morpher's history too. */
export const historyQueryKey = [...fileKeys.galleryFor(MORPHER_TOOL_ID), 'morpher-history'] as const;

/** GET /api/config answers on the development host only (the same query the footer makes). */
export const devConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: () => api.get<{ database: string; environment: string }>('/config'),
    retry: false,
    staleTime: Infinity,
  });
