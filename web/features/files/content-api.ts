import { contentItemSchema, type ContentItem } from '../../../contract/files.ts';
import { api } from '../../lib/api.ts';

export const CONTENT_MESSAGES = { notFound: 'Content not found', load: 'Failed to load content' } as const;

/** GET /api/content/{id}: a public item for anyone, a private one for its owner. */
export async function fetchContent(id: number): Promise<ContentItem> {
  const result = contentItemSchema.safeParse(await api.get<unknown>(`/content/${id}`));
  if (!result.success) {
    console.error(CONTENT_MESSAGES.load, result.error);
    throw new Error(CONTENT_MESSAGES.load);
  }
  return result.data;
}
