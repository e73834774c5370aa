// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerationStatus } from '../../../contract/generations.ts';
import { announceGenerations, claimGeneration } from '../../lib/generation-registry.ts';
import { generationTiming } from '../../lib/generations.ts';
import { creditKeys, fileKeys } from '../../lib/query-keys.ts';
import { profileQueryKey } from '../../lib/session/profile.ts';
import { ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { renderPage } from '../../test-support/render.tsx';
import { ActiveGenerations, GENERATION_NOTICES } from './active-generations.tsx';

const ids = {
  headshot: '00000000-0000-4000-8000-0000000000b1',
  caption: '00000000-0000-4000-8000-0000000000b2',
  photoshoot: '00000000-0000-4000-8000-0000000000b3',
  upscale: '00000000-0000-4000-8000-0000000000b4',
};

const generation = (id: string, change: Partial<GenerationStatus> = {}): GenerationStatus => ({
  generation_id: id,
  tool: 'ai-headshot',
  title: 'AI Headshot',
  status: 'processing',
  progress: 30,
  provider: 'gemini',
  credits: '0.5000',
  created_at: new Date(Date.now() - 42_000).toISOString(),
  completed_at: null,
  result: null,
  error: null,
  ...change,
});

/** The server as the panel sees it: the active list, and each generation's status once it has left that list. */
function server(initial: GenerationStatus[]) {
  const state = { active: initial, finished: new Map<string, GenerationStatus>() };
  const calls = stubFetch(
    routes({
      'GET /api/generations': () => ok({ generations: state.active }),
      ...Object.fromEntries(
        Object.values(ids).flatMap((id) => [
          [`GET /api/generations/${id}`, () => ok(state.finished.get(id) ?? state.active.find((g) => g.generation_id === id))],
          [
            `POST /api/generations/${id}/cancel`,
            () => {
              const cancelled = { ...(state.active.find((g) => g.generation_id === id) ?? generation(id)), status: 'cancelled' as const, credits: '0' };
              state.active = state.active.filter((g) => g.generation_id !== id);
              state.finished.set(id, cancelled);
              return ok(cancelled);
            },
          ],
        ]),
      ),
    }),
  );
  const finish = (id: string, end: GenerationStatus) => {
    state.active = state.active.filter((g) => g.generation_id !== id);
    state.finished.set(id, end);
  };
  return { state, calls, finish };
}

const listReads = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/api/generations?active=true').length;
const panel = () => screen.getByRole('region', { name: 'Running generations' });

const saved = { ...generationTiming };
beforeEach(() => Object.assign(generationTiming, { listMs: 10 }));
afterEach(() => {
  cleanup();
  Object.assign(generationTiming, saved);
  vi.unstubAllGlobals();
});

describe('The running generations panel', () => {
  it('shows a generation running elsewhere, then the notice that it is ready with its file, and refreshes gallery and credits', async () => {
    const { calls, finish } = server([generation(ids.headshot)]);
    const { client } = renderPage(<ActiveGenerations />, '/');
    const refresh = vi.spyOn(client, 'invalidateQueries');

    const item = await screen.findByTestId('running-generation');
    expect(within(panel()).getByText('1 generation running')).toBeTruthy();
    expect(item.textContent).toContain('AI Headshot');
    expect(within(item).getByRole('progressbar', { name: 'AI Headshot progress' }).getAttribute('aria-valuenow')).toBe('30');
    expect(item.textContent).toMatch(/4\d s/);
    expect(within(item).getByRole('button', { name: 'Cancel AI Headshot' })).toBeTruthy();

    finish(ids.headshot, generation(ids.headshot, { status: 'completed', progress: 100, result: { uuid: 'file-9', image: '/api/files/serve/file-9' } }));
    const notice = await screen.findByTestId('generation-notice');
    expect(notice.textContent).toContain(GENERATION_NOTICES.ready('AI Headshot'));
    expect(within(notice).getByRole('link', { name: 'Open result: AI Headshot' }).getAttribute('href')).toBe('/file/file-9');
    expect(notice.parentElement!.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('region', { name: 'Running generations' })).toBeNull();
    // Its status was read once; the list is no longer polled once empty.
    expect(calls.filter((c) => c.url === `/api/generations/${ids.headshot}`)).toHaveLength(1);
    for (const key of [fileKeys.all, creditKeys.all, profileQueryKey]) expect(refresh).toHaveBeenCalledWith({ queryKey: key });
    const reads = listReads(calls);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(listReads(calls)).toBe(reads);

    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss notice' }));
    expect(screen.queryByTestId('generation-notice')).toBeNull();
  });

  it('says a failure with its message and that nothing was charged; a caption opens its content page', async () => {
    const { finish } = server([generation(ids.photoshoot, { title: 'AI Photoshoot', progress: null }), generation(ids.caption, { title: 'Caption Generator', status: 'queued', progress: null })]);
    renderPage(<ActiveGenerations />, '/');
    expect(await screen.findByText('2 generations running')).toBeTruthy();
    expect(within(panel()).getAllByRole('progressbar').map((bar) => bar.hasAttribute('aria-valuenow'))).toEqual([false, false]);

    finish(ids.photoshoot, generation(ids.photoshoot, { title: 'AI Photoshoot', status: 'failed', credits: '0', error: { code: 'AI_TIMEOUT', message: 'The provider did not answer in time.', error_class: 'timeout', tip: null } }));
    finish(ids.caption, generation(ids.caption, { title: 'Caption Generator', status: 'completed', result: { content_id: 77, text: '…' } }));
    await waitFor(() => expect(screen.getAllByTestId('generation-notice')).toHaveLength(2));
    expect(screen.getByText('AI Photoshoot failed: The provider did not answer in time. Nothing was charged.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open result: Caption Generator' }).getAttribute('href')).toBe('/content/77');
  });

  it('leaves a generation its page shows to that page, without a notice when the page showed its end', async () => {
    const { state, calls, finish } = server([]);
    renderPage(<ActiveGenerations />, '/');
    await waitFor(() => expect(listReads(calls)).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 40));
    // Empty: not polled.
    expect(listReads(calls)).toBe(1);

    // A tool page's call answered 202: the page claims it and the panel reads the list again.
    state.active = [generation(ids.headshot)];
    let release: (ended: boolean) => void = () => {};
    act(() => {
      release = claimGeneration(ids.headshot);
      announceGenerations();
    });
    await waitFor(() => expect(listReads(calls)).toBeGreaterThan(1));
    expect(screen.queryByTestId('running-generation')).toBeNull();

    finish(ids.headshot, generation(ids.headshot, { status: 'completed', result: { uuid: 'f' } }));
    act(() => release(true));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/generations/${ids.headshot}`)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('generation-notice')).toBeNull();
  });

  it('takes over a generation whose page was left, and Cancel stops it', async () => {
    const { state, calls } = server([]);
    renderPage(<ActiveGenerations />, '/');
    await waitFor(() => expect(listReads(calls)).toBe(1));
    state.active = [generation(ids.upscale, { tool: 'image-upscaler', title: 'Upscale' })];
    let release: (ended: boolean) => void = () => {};
    act(() => {
      release = claimGeneration(ids.upscale);
    });
    await waitFor(() => expect(listReads(calls)).toBe(2));
    expect(screen.queryByTestId('running-generation')).toBeNull();
    act(() => release(false));

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Upscale' }));
    expect(await screen.findByText(GENERATION_NOTICES.cancelled('Upscale'))).toBeTruthy();
    expect(calls.find((c) => c.url === `/api/generations/${ids.upscale}/cancel`)?.method).toBe('POST');
  });
});
