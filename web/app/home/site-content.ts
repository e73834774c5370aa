/**
 * What the admin puts on the landing page (GET /api/site): testimonials and the embedded video. Both are empty until
 * the admin adds them, and their sections stay hidden while empty; a failed read hides them too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, parseAnswer } from '../../lib/api.ts';

const siteContent = z.object({
  testimonials: z.array(z.object({ name: z.string(), role: z.string().optional().default(''), quote: z.string() })).catch([]),
  video: z.object({ url: z.string().url(), title: z.string() }).nullable().catch(null),
});
export type SiteContent = z.infer<typeof siteContent>;

export const siteContentQueryOptions = queryOptions({
  queryKey: ['site', 'content'] as const,
  queryFn: async () => parseAnswer(siteContent, await api.get<unknown>('/site'), 'Failed to load the page content'),
  staleTime: 10 * 60_000,
});

export function useSiteContent(): SiteContent {
  return useQuery(siteContentQueryOptions).data ?? { testimonials: [], video: null };
}
