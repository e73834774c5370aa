// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Credits } from '../../../contract/auth.ts';
import { GENERATION_MESSAGES, type GenerationStatus } from '../../../contract/generations.ts';
import { describeAiError } from '../../lib/ai-error.ts';
import { setCsrfToken } from '../../lib/api.ts';
import { isShownHere, wasEndedHere } from '../../lib/generation-registry.ts';
import { generationTiming, postGeneration } from '../../lib/generations.ts';
import { queryClient as appQueryClient } from '../../lib/query-client.ts';
import { fileKeys } from '../../lib/query-keys.ts';
import { profileQueryKey, type AuthSnapshot } from '../../lib/session/profile.ts';
import { ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { renderTool } from '../../test-support/render.tsx';
import { acceptedResponse, generationStatusOf } from '../../test-support/generations.ts';
import { GENERATION_NOTES, GenerationProgress } from './generation-progress.tsx';
import { usePaidAction } from './use-paid-action.ts';

interface Result {
  uuid: string;
  credits_used: string;
  generation_id: string;
}

const status = generationStatusOf;
const accepted = acceptedResponse;

/** A paid tool in miniature: Go sends the call through postGeneration; the outcome or the error box's headline shows. */
function Harness() {
  const action = usePaidAction<{ n: number }, Result>({
    send: async (body, key, run) => (await postGeneration('/ai/generate-image', body, { idempotencyKey: key, run })) as Result,
    answerId: (r) => r.generation_id,
    charged: (r) => r.credits_used,
    refresh: [fileKeys.all],
  });
  const [out, setOut] = useState('');
  const go = () => {
    action.mutateAsync({ n: 1 }).then(
      (r) => setOut(`Done: ${r.uuid}`),
      (e: unknown) => setOut(describeAiError(e).headline),
    );
  };
  return (
    <>
      <button type="button" onClick={go}>
        Go
      </button>
      {action.isPending && <GenerationProgress generation={action.generation} />}
      <p data-testid="out">{out}</p>
    </>
  );
}

const credits = (balance: string): Credits => ({ balance, available_credits: balance, lifetime_used: '0.0000', lifetime_purchased: '5.0000' });
const signedIn = (c: Credits): AuthSnapshot => ({
  user: { id: 'u1', email: 'a@b.co', name: 'A', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null },
  session: { csrf_token: 'csrf-1', expires_at: '2027-01-01T00:00:00Z' },
  storage: null,
  credits: c,
});
const out = () => screen.getByTestId('out').textContent;
const renderHarness = () => renderTool(<Harness />);

const saved = { ...generationTiming };
beforeEach(() => Object.assign(generationTiming, { pollMs: 5, maxRetryMs: 20 }));
afterEach(() => {
  cleanup();
  Object.assign(generationTiming, saved);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  appQueryClient.clear();
  setCsrfToken(null);
});

describe('usePaidAction with a generation that outlasts the call', () => {
  it('follows a 202 to its result: progress shown meanwhile, charged once (a double-click included), refreshed, shown here', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    appQueryClient.setQueryData(profileQueryKey, signedIn(credits('5.0000')));
    let now: GenerationStatus = status(id, { status: 'queued' });
    const calls = stubFetch(routes({ 'POST /api/ai/generate-image': () => accepted(id), [`GET /api/generations/${id}`]: () => ok(now) }));
    const refresh = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    renderHarness();

    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await screen.findByText('Waiting in the queue…');
    expect(isShownHere(id)).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel generation' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByText(GENERATION_NOTES.leaveOk)).toBeTruthy();

    now = status(id, { progress: 40 });
    const bar = await waitFor(() => {
      const found = screen.getByRole('progressbar', { name: 'Generation progress' });
      expect(found.getAttribute('aria-valuenow')).toBe('40');
      return found;
    });
    expect(bar).toBeTruthy();
    expect(screen.getByText('Working on it…').getAttribute('aria-live')).toBe('polite');

    now = status(id, { status: 'completed', progress: 100, result: { uuid: 'file-1', credits_used: '0.5000', generation_id: id } });
    await waitFor(() => expect(out()).toBe('Done: file-1'));
    expect(screen.queryByTestId('generation-progress')).toBeNull();
    // Two calls with one key (the double-click), one charge.
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers['idempotency-key']).toBe(posts[1]!.headers['idempotency-key']);
    expect(appQueryClient.getQueryData<AuthSnapshot>(profileQueryKey)?.credits?.balance).toBe('4.5000');
    expect(refresh.mock.calls).toEqual([[{ queryKey: fileKeys.all }]]);
    await waitFor(() => expect(isShownHere(id)).toBe(false));
    expect(wasEndedHere(id)).toBe(true);
  });

  it('Cancel waits for the generation id, then calls the cancel route; the call ends with the cancelled message', async () => {
    const id = '00000000-0000-4000-8000-000000000002';
    setCsrfToken('csrf-1');
    let answer202: () => void = () => {};
    let cancelled = false;
    const calls = stubFetch(
      routes({
        'POST /api/ai/generate-image': () => new Promise<Response>((resolve) => (answer202 = () => resolve(accepted(id)))),
        [`GET /api/generations/${id}`]: () => ok(status(id, cancelled ? { status: 'cancelled', credits: '0' } : {})),
        [`POST /api/generations/${id}/cancel`]: () => {
          cancelled = true;
          return ok(status(id, { status: 'cancelled', credits: '0' }));
        },
      }),
    );
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));

    const cancel = await screen.findByRole('button', { name: 'Cancel generation' });
    expect(cancel.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(GENERATION_NOTES.noIdYet).id).toBe(cancel.getAttribute('aria-describedby'));
    expect(screen.getByText('Starting…')).toBeTruthy();

    answer202();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel generation' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel generation' }));
    await waitFor(() => expect(out()).toBe(GENERATION_MESSAGES.cancelled));
    const cancelCall = calls.find((c) => c.url === `/api/generations/${id}/cancel`);
    expect(cancelCall?.method).toBe('POST');
    expect(cancelCall?.headers['x-csrf-token']).toBe('csrf-1');
  });

  it('a page that goes before the end gives the generation back to the shell panel', async () => {
    const id = '00000000-0000-4000-8000-000000000003';
    let done = false;
    let readAfterDone = false;
    stubFetch(
      routes({
        'POST /api/ai/generate-image': () => accepted(id),
        [`GET /api/generations/${id}`]: () => {
          readAfterDone = done;
          return ok(status(id, done ? { status: 'completed', result: { uuid: 'f3', credits_used: '0', generation_id: id } } : {}));
        },
      }),
    );
    const view = renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(isShownHere(id)).toBe(true));
    view.unmount();
    expect(isShownHere(id)).toBe(false);
    // The call goes on to its end (its charge still applies once); the page did not show that end.
    done = true;
    await waitFor(() => expect(readAfterDone).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(wasEndedHere(id)).toBe(false);
  });
});
