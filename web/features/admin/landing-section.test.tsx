// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteVideo } from '../../../contract/site.ts';
import { ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { LandingSection } from './landing-section.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server as the section sees it: the stored video changes with each PUT, and the next GET reads it. */
function show(initial: SiteVideo | null) {
  let stored = initial;
  const calls = stubFetch(
    routes({
      'GET /api/admin/site/testimonials': () => ok({ testimonials: [] }),
      'GET /api/admin/site/video': () => ok({ video: stored }),
      'PUT /api/admin/site/video': (call) => {
        stored = (call.body as { video: SiteVideo | null }).video;
        return ok({ video: stored });
      },
    }),
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <LandingSection />
    </QueryClientProvider>,
  );
  return calls;
}
const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('LandingSection: the video editor', () => {
  it('says the video was saved, after the settings have been read again, and keeps the fields', async () => {
    const calls = show(null);
    await screen.findByRole('button', { name: 'Save video' });
    fireEvent.change(field('Embed address'), { target: { value: 'https://www.youtube-nocookie.com/embed/abc123' } });
    fireEvent.change(field('Video title'), { target: { value: 'How it works' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save video' }));
    expect(await screen.findByText('Video saved.')).toBeTruthy();
    // The tab's settings are read again after the write; the message and the saved values stay.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.includes('/admin/site/video'))).toHaveLength(2));
    expect(screen.getByText('Video saved.')).toBeTruthy();
    expect(field('Video title').value).toBe('How it works');
    expect(await screen.findByRole('button', { name: 'Remove video' })).toBeTruthy();
  });

  it('says the section is hidden once the video is removed, and empties the fields', async () => {
    show({ url: 'https://player.vimeo.com/video/42', title: 'Tour' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove video' }));
    expect(await screen.findByText('Video removed: the section is hidden on the landing page.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove video' })).toBeNull());
    expect(screen.getByText('Video removed: the section is hidden on the landing page.')).toBeTruthy();
    expect(field('Embed address').value).toBe('');
  });
});
