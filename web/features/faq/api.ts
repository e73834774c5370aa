/** GET /api/faqs?category=&language= → data.faqs (spec 1 §7). */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, parseAnswer } from '../../lib/api.ts';

const faqSchema = z.object({ id: z.union([z.number(), z.string()]), question: z.string(), answer: z.string() });
const faqsResponse = z.object({ faqs: z.array(faqSchema) });

export type Faq = z.infer<typeof faqSchema>;

/** The messages of spec 1 §8. */
export const FAQ_MESSAGES = {
  loadFailed: (message: string) => `Error loading FAQs: ${message}`,
  empty: 'No FAQs available for this category.',
  unreadable: 'Unexpected answer from the server',
} as const;

export async function fetchFaqs(category: string, language: string): Promise<Faq[]> {
  const data = await api.get<unknown>('/faqs', { query: { category, language } });
  return parseAnswer(faqsResponse, data, FAQ_MESSAGES.unreadable).faqs;
}

export const faqsQueryOptions = (category = 'all', language = 'en') =>
  queryOptions({ queryKey: ['faqs', category, language] as const, queryFn: () => fetchFaqs(category, language), staleTime: 5 * 60_000 });
