// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { renderPage } from '../../test-support/render.tsx';
import { ContentPage } from './content-page.tsx';

const item = {
  id: 7,
  title: 'Summer launch caption',
  page_title: 'Summer launch caption · Caption Generator',
  content_type: 'caption',
  content_type_name: 'Caption',
  user: { name: 'Maya Rivera' },
  created_at: '2026-03-01T10:00:00Z',
  share_count: 3,
  view_count: 10,
  is_public: true,
  is_owner: false,
  content: 'Golden hour.',
  language: 'English',
  tone: 'Friendly',
  word_count: 2,
  character_count: 12,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function server(content: () => Response) {
  return stubFetch(
    routes({
      'GET /api/auth/profile': () => fail(401, 'UNAUTHENTICATED', 'Please sign in'),
      'GET /api/content/7': content,
    }),
  );
}

describe('ContentPage', () => {
  it('sends a non-numeric id to the home page without asking the server', async () => {
    const calls = server(() => ok(item));
    renderPage(<ContentPage />, '/content/abc', '/content/:id');
    await screen.findByText('Other page');
    expect(calls.some((c) => c.url.includes('/api/content/'))).toBe(false);
  });

  it('shows a public item to a visitor: badge, sign-in link, footer line, text and counts', async () => {
    server(() => ok(item));
    renderPage(<ContentPage />, '/content/7', '/content/:id');
    await screen.findByRole('heading', { name: 'Summer launch caption' });
    expect(screen.getByText('Public Content')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in to create your own' }).getAttribute('href')).toBe('/auth'));
    expect(screen.getByText('By Maya Rivera')).toBeTruthy();
    expect(screen.getByText('3 shares')).toBeTruthy();
    expect(screen.getByText('Golden hour.')).toBeTruthy();
    expect(screen.getByText('Characters').nextElementSibling?.textContent).toBe('12');
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Summer launch caption · Caption Generator · Ampkit'));
  });

  it('says "Content not found" on a 404 and "Failed to load content" otherwise', async () => {
    server(() => fail(404, 'NOT_FOUND', 'Content not found'));
    renderPage(<ContentPage />, '/content/7', '/content/:id');
    expect((await screen.findByRole('alert')).textContent).toContain('Content not found');
    cleanup();
    vi.unstubAllGlobals();
    server(() => fail(500, 'INTERNAL', 'boom'));
    renderPage(<ContentPage />, '/content/7', '/content/:id');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load content');
  });
});
