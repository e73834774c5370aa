/**
 * GET /api/site as the pages use it: what the admin puts on the landing page (testimonials and the embedded video,
 * both empty until the admin adds them; their sections stay hidden while empty) and whether the Telegram bot is on
 * (the landing page promises Telegram, and System Settings reports the bot, from it). A failed read hides them all.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, parseAnswer } from './api.ts';

const siteContent = z.object({
  testimonials: z.array(z.object({ name: z.string(), role: z.string().optional().default(''), quote: z.string() })).catch([]),
  video: z.object({ url: z.string().url(), title: z.string() }).nullable().catch(null),
  telegram_bot: z.boolean().catch(false),
});
export type SiteContent = z.infer<typeof siteContent>;

export const siteContentQueryOptions = queryOptions({
  queryKey: ['site', 'content'] as const,
  queryFn: async () => parseAnswer(siteContent, await api.get<unknown>('/site'), 'Failed to load the page content'),
  staleTime: 10 * 60_000,
});

export function useSiteContent(): SiteContent {
  return useQuery(siteContentQueryOptions).data ?? { testimonials: [], video: null, telegram_bot: false };
}
