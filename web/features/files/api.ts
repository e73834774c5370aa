/** File, gallery and sharing calls (spec 2 §7, spec 3 §7), checked against the shared schemas. */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  fileListResponse,
  GALLERY_PAGE_SIZE,
  sharedFileSchema,
  shareUrlResponse,
  visibilityResponse,
  type GalleryItem,
  type SharedFile,
  type SharePlatform,
} from '../../../contract/files.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { clearFilesRequest, deleteFileRequest } from '../../lib/file-requests.ts';
import { contentKeys, fileKeys, type ShareKind } from '../../lib/query-keys.ts';

export const GALLERY_MESSAGES = {
  load: 'Failed to load gallery images',
  delete: 'Failed to delete image',
  clear: 'Failed to clear gallery',
  visibility: 'Failed to update visibility',
} as const;

export const FILE_MESSAGES = { notFound: 'File not found', load: 'Failed to load file' } as const;

export type GalleryPage = z.infer<typeof fileListResponse>;

/** One page of my gallery images (GET /api/files/list?category=image), after `cursor` when given. */
export async function fetchGalleryPage(tool: string | null, cursor: string | undefined, limit = GALLERY_PAGE_SIZE): Promise<GalleryPage> {
  const data = await api.get<unknown>('/files/list', { query: { category: 'image', limit, tool: tool ?? undefined, cursor } });
  return parseAnswer(fileListResponse, data, GALLERY_MESSAGES.load);
}

export const deleteFile = (id: string) => deleteFileRequest(id, GALLERY_MESSAGES.delete);

export const clearGallery = (tool: string | null) => clearFilesRequest(tool, GALLERY_MESSAGES.clear);

export async function fetchSharedFile(uuid: string): Promise<SharedFile> {
  return parseAnswer(sharedFileSchema, await api.get<unknown>(`/file/${encodeURIComponent(uuid)}`), FILE_MESSAGES.load);
}

const itemPath = (kind: ShareKind, id: string) => `/${kind}/${encodeURIComponent(id)}`;

export async function toggleVisibility(kind: ShareKind, id: string): Promise<boolean> {
  const data = await api.post<unknown>(`${itemPath(kind, id)}/toggle-visibility`);
  return parseAnswer(visibilityResponse, data, GALLERY_MESSAGES.visibility).is_public;
}

export async function fetchShareUrl(kind: ShareKind, id: string): Promise<{ share_url: string; is_public: boolean }> {
  const data = await api.get<unknown>(`${itemPath(kind, id)}/share-url`);
  return parseAnswer(shareUrlResponse, data, 'Failed to load the share link');
}

/** Counts a share; a failure is only logged (sharing itself already happened). */
export function recordShare(kind: ShareKind, id: string, platform: SharePlatform): void {
  api.post(`${itemPath(kind, id)}/shared`, { platform }).catch((error: unknown) => console.warn('Could not record the share', error));
}

// --- Cache updates ---

type GalleryData = InfiniteData<GalleryPage, string | undefined>;

/** Applies `change` to every loaded gallery page (all tool filters). */
export function updateGalleryItems(client: QueryClient, change: (files: GalleryItem[]) => GalleryItem[]): void {
  client.setQueriesData<GalleryData>({ queryKey: fileKeys.gallery }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, files: change(page.files) })) } : data,
  );
}

/** After a visibility change: the gallery, the file page and the content page show the new state. */
export function applyVisibility(client: QueryClient, kind: ShareKind, id: string, isPublic: boolean): void {
  if (kind === 'files') {
    updateGalleryItems(client, (files) => files.map((f) => (f.id === id ? { ...f, is_public: isPublic, metadata: { ...f.metadata, is_public: isPublic } } : f)));
    client.setQueryData<SharedFile>(fileKeys.file(id), (file) => (file ? { ...file, is_public: isPublic } : file));
  } else {
    client.setQueryData<{ is_public: boolean }>(contentKeys.item(id), (item) => (item ? { ...item, is_public: isPublic } : item));
  }
  client.setQueryData(fileKeys.shareUrl(kind, id), (url: { share_url: string; is_public: boolean } | undefined) => (url ? { ...url, is_public: isPublic } : url));
}
