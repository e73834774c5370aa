/** The calls of System Settings' content editors (beyond the spec): the FAQ, and the landing page's testimonials and video. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminFaqResponse,
  adminFaqsResponse,
  deletedResponse,
  siteVideoResponse,
  testimonialsResponse,
  type FaqCreateBody,
  type FaqUpdateBody,
  type SiteVideoBody,
  type TestimonialsBody,
} from '../../../contract/site.ts';
import { api, parseAnswer } from '../../lib/api.ts';
import { adminKeys } from './admin-api.ts';

/** The public pages' caches (the FAQ on /about, the landing page's content), refreshed so this browser sees a change. */
const PUBLIC_KEYS = [['faqs'], ['site']] as const;

export const adminFaqsQuery = queryOptions({
  queryKey: [...adminKeys.tab('settings'), 'faqs'] as const,
  queryFn: async () => parseAnswer(adminFaqsResponse, await api.get<unknown>('/admin/faqs'), 'Failed to load the FAQ').faqs,
});

export const adminTestimonialsQuery = queryOptions({
  queryKey: [...adminKeys.tab('settings'), 'testimonials'] as const,
  queryFn: async () => parseAnswer(testimonialsResponse, await api.get<unknown>('/admin/site/testimonials'), 'Failed to load the testimonials').testimonials,
});

export const adminVideoQuery = queryOptions({
  queryKey: [...adminKeys.tab('settings'), 'video'] as const,
  queryFn: async () => parseAnswer(siteVideoResponse, await api.get<unknown>('/admin/site/video'), 'Failed to load the video').video,
});

/** A settings write: afterwards the settings tab, its change log and the public caches are read again. */
function useSettingsWrite<I, O>(write: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.tab('settings') }),
        ...PUBLIC_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })),
      ]),
  });
}

export const useSaveFaq = () =>
  useSettingsWrite(async (input: { id: number | null; body: FaqCreateBody | FaqUpdateBody }) => {
    const answer = input.id === null ? await api.post<unknown>('/admin/faqs', input.body) : await api.put<unknown>(`/admin/faqs/${input.id}`, input.body);
    return parseAnswer(adminFaqResponse, answer, 'Failed to save the FAQ entry').faq;
  });

export const useDeleteFaq = () => useSettingsWrite(async (id: number) => parseAnswer(deletedResponse, await api.delete<unknown>(`/admin/faqs/${id}`), 'Failed to delete the FAQ entry'));

export const useOrderFaqs = () =>
  useSettingsWrite(async (order: number[]) => parseAnswer(adminFaqsResponse, await api.put<unknown>('/admin/faqs/order', { order }), 'Failed to reorder the FAQ').faqs);

export const useSaveTestimonials = () =>
  useSettingsWrite(async (body: TestimonialsBody) => parseAnswer(testimonialsResponse, await api.put<unknown>('/admin/site/testimonials', body), 'Failed to save the testimonials').testimonials);

export const useSaveVideo = () =>
  useSettingsWrite(async (body: SiteVideoBody) => parseAnswer(siteVideoResponse, await api.put<unknown>('/admin/site/video', body), 'Failed to save the video').video);
