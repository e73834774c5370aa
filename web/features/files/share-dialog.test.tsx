// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../lib/api.ts';
import { fail, ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { testQueryClient } from '../../test-support/render.tsx';
import { COPIED_FEEDBACK_MS, ShareDialog, type ShareTarget } from './share-dialog.tsx';

const ID = '11111111-2222-4333-8444-555555555555';
const SHARE_URL = `http://localhost/file/${ID}`;
const target = (isPublic: boolean): ShareTarget => ({ kind: 'files', id: ID, title: 'AI Image Morpher', description: 'Check out this generated image created with Ampkit', isPublic });

let serverPublic = false;
let calls: RecordedCall[] = [];
const paths = () => calls.map((c) => `${c.method} ${c.url.split('?')[0]}`);

beforeEach(() => {
  setCsrfToken('csrf-1');
  calls = stubFetch(
    routes({
      [`GET /api/files/${ID}/share-url`]: () => ok({ share_url: SHARE_URL, is_public: serverPublic }),
      [`POST /api/files/${ID}/toggle-visibility`]: () => {
        serverPublic = !serverPublic;
        return ok({ is_public: serverPublic });
      },
      [`POST /api/files/${ID}/shared`]: () => ok({ share_count: 1 }),
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  setCsrfToken(null);
});

function show(isPublic: boolean) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ShareDialog target={target(isPublic)} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

const linkField = () => screen.findByLabelText<HTMLInputElement>('Link');

describe('ShareDialog', () => {
  it('asks before sharing a private item; confirming makes it public, then shows the link', async () => {
    serverPublic = false;
    show(false);
    expect(screen.getByRole('dialog', { name: 'Make it public to share?' })).toBeTruthy();
    expect(screen.queryByLabelText('Link')).toBeNull();
    expect(paths()).not.toContain(`POST /api/files/${ID}/toggle-visibility`);

    fireEvent.click(screen.getByRole('button', { name: 'Make public and share' }));
    await waitFor(async () => expect((await linkField()).value).toBe(SHARE_URL));
    expect(paths().filter((p) => p === `POST /api/files/${ID}/toggle-visibility`)).toHaveLength(1);
    expect(calls.find((c) => c.method === 'POST')?.headers['x-csrf-token']).toBe('csrf-1');
    expect(serverPublic).toBe(true);
  });

  it('does not toggle an item the server already has as public (it would hide it)', async () => {
    serverPublic = true;
    show(false);
    fireEvent.click(screen.getByRole('button', { name: 'Make public and share' }));
    await waitFor(async () => expect((await linkField()).value).toBe(SHARE_URL));
    expect(paths()).not.toContain(`POST /api/files/${ID}/toggle-visibility`);
    expect(serverPublic).toBe(true);
  });

  it('cancelling leaves the item private', () => {
    serverPublic = false;
    const onClose = show(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('says "Failed to update visibility" when making it public fails', async () => {
    vi.unstubAllGlobals();
    stubFetch(routes({ [`GET /api/files/${ID}/share-url`]: () => fail(500, 'INTERNAL', 'down') }));
    show(false);
    fireEvent.click(screen.getByRole('button', { name: 'Make public and share' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to update visibility');
  });

  it('shares a public item at once: 8 platforms in 600x400 popups, each counted; Copy reads Copied! for 2 s', async () => {
    serverPublic = true;
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    show(true);
    await waitFor(async () => expect((await linkField()).value).toBe(SHARE_URL));

    for (const name of ['Facebook', 'Twitter', 'LinkedIn', 'WhatsApp', 'Telegram', 'Reddit', 'Pinterest']) {
      fireEvent.click(screen.getByRole('button', { name }));
    }
    expect(screen.getByRole('button', { name: 'Email' })).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(7);
    expect(open.mock.calls[0]![0]).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(SHARE_URL)}`);
    expect(open.mock.calls[0]![2]).toContain('width=600,height=400');
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/shared'))).toHaveLength(7));
    expect(calls.filter((c) => c.url.endsWith('/shared')).map((c) => (c.body as { platform: string }).platform)).toEqual([
      'facebook', 'twitter', 'linkedin', 'whatsapp', 'telegram', 'reddit', 'pinterest',
    ]);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith(SHARE_URL);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(COPIED_FEEDBACK_MS));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });
});
