// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchPagePath, type BatchDetail } from '../../../contract/batches.ts';
import { BATCH_POLL } from '../../features/ai-shared/batch/api.ts';
import { batchItemOf, BATCH_ID, batchOf, doneItem, refusedItem } from '../../test-support/batches.ts';
import { ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { renderPage } from '../../test-support/render.tsx';
import { ActiveGenerations } from './active-generations.tsx';

/** The server: no single generation running; the batch running until `end` is called, then finished as given. */
function server(running: BatchDetail) {
  const state = { batch: running };
  const calls = stubFetch(
    routes({
      'GET /api/generations': () => ok({ generations: [] }),
      'GET /api/batches': () => ok({ batches: state.batch.status === 'running' ? [state.batch] : [] }),
      [`GET /api/batches/${BATCH_ID}`]: () => ok(state.batch),
    }),
  );
  return { calls, end: (finished: BatchDetail) => (state.batch = finished) };
}

const activeReads = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/api/batches?active=true').length;
const running = () => batchOf([doneItem('a.jpg'), batchItemOf('b.jpg', { status: 'running' }), refusedItem('notes.png')]);
const finished = () => batchOf([doneItem('a.jpg'), doneItem('b.jpg'), refusedItem('notes.png')]);

const saved = { ...BATCH_POLL };
beforeEach(() => Object.assign(BATCH_POLL, { activeMs: 20 }));
afterEach(() => {
  cleanup();
  Object.assign(BATCH_POLL, saved);
  vi.unstubAllGlobals();
});

describe('The notice of a finished batch', () => {
  it('watches the running batches and, when one ends, says what it came to with a link to its page', async () => {
    const { calls, end } = server(running());
    renderPage(<ActiveGenerations />, '/tools');
    await waitFor(() => expect(activeReads(calls)).toBeGreaterThanOrEqual(2));
    end(finished());
    const notice = await screen.findByTestId('generation-notice');
    expect(notice.textContent).toContain('Batch finished: 2 done, 1 failed (not charged).');
    expect(within(notice).getByRole('link', { name: 'Open batch: Thumbnail Generator batch' }).getAttribute('href')).toBe(batchPagePath(BATCH_ID));
    // No batch runs now: the list is no longer read.
    const reads = activeReads(calls);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(activeReads(calls)).toBe(reads);
  });

  it('reads the running batches once and stops when there are none', async () => {
    const { calls } = server(finished());
    renderPage(<ActiveGenerations />, '/tools');
    await waitFor(() => expect(activeReads(calls)).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(activeReads(calls)).toBe(1);
    expect(screen.queryByTestId('generation-notice')).toBeNull();
  });

  it('says nothing when the batch’s own page is open (it shows the end itself)', async () => {
    const { calls, end } = server(running());
    renderPage(<ActiveGenerations />, batchPagePath(BATCH_ID), '/batches/:uuid');
    await waitFor(() => expect(activeReads(calls)).toBeGreaterThanOrEqual(2));
    end(finished());
    await waitFor(() => expect(calls.some((c) => c.url === `/api/batches/${BATCH_ID}`)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(screen.queryByTestId('generation-notice')).toBeNull();
  });
});
