// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_MESSAGES, batchPagePath, type BatchDetail } from '../../../contract/batches.ts';
import { BATCH_POLL } from '../ai-shared/batch/api.ts';
import { BATCH_ID, batchItemOf, batchOf, doneItem, refusedItem } from '../../test-support/batches.ts';
import { fail, ok, routes, stubFetch, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { renderPage } from '../../test-support/render.tsx';
import { BatchPage } from './batch-page.tsx';

const PATH = batchPagePath(BATCH_ID);
const URL = `/api/batches/${BATCH_ID}`;

const failedItem = () =>
  batchItemOf('dark.jpg', {
    status: 'failed',
    error: { code: 'AI_CONTENT_BLOCKED', message: 'This request was blocked by content filters or safety policies.', error_class: 'content_policy', tip: 'Try another image.' },
  });

/** A batch the server answers from `state.batch`; cancel and retry answer what `state.after` says. */
function server(batch: BatchDetail) {
  const state: { batch: BatchDetail; after: Record<string, () => Response> } = { batch, after: {} };
  const calls = stubFetch(
    routes({
      [`GET ${URL}`]: () => ok(state.batch),
      [`POST ${URL}/cancel`]: () => state.after.cancel?.() ?? fail(500, 'X'),
      [`POST ${URL}/retry`]: () => state.after.retry?.() ?? fail(500, 'X'),
    }),
  );
  return { state, calls };
}

const reads = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.url === URL).length;
const row = (name: string) => screen.getByText(name, { selector: 'p' }).closest('li')!;

const saved = { ...BATCH_POLL };
beforeEach(() => Object.assign(BATCH_POLL, { detailMs: 20 }));
afterEach(() => {
  cleanup();
  Object.assign(BATCH_POLL, saved);
  vi.unstubAllGlobals();
});

describe('The batch page', () => {
  it('shows the overall progress, elapsed time, counts and what is charged, and each item in its state', async () => {
    const done = doneItem('beach.jpg', '00000000-0000-4000-8000-0000000f11e1');
    server(
      batchOf([
        done,
        batchItemOf('city.jpg', { status: 'running', progress: 40 }),
        batchItemOf('dog.jpg'),
        failedItem(),
        refusedItem('notes.png'),
        batchItemOf('extra.jpg', { status: 'cancelled' }),
      ]),
    );
    renderPage(<BatchPage />, PATH, '/batches/:uuid');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thumbnail Generator batch' })).toBeTruthy();
    expect(document.title).toContain('Thumbnail Generator batch');
    const progress = screen.getByRole('progressbar', { name: 'Batch progress' });
    // Done, failed (two) and cancelled are finished: 4 of 6.
    expect(progress.getAttribute('aria-valuenow')).toBe('67');
    expect(screen.getByText('4 of 6 images finished')).toBeTruthy();
    expect(screen.getByText(/^Elapsed 1 min 0\d s$/)).toBeTruthy();
    expect(screen.getByTestId('batch-charged').textContent).toBe('0.30');

    // Done: its thumbnail links to its file.
    const result = within(row('beach.jpg')).getByRole('img', { name: 'Result for beach.jpg' });
    expect(result.closest('a')!.getAttribute('href')).toBe('/file/00000000-0000-4000-8000-0000000f11e1');
    expect(result.getAttribute('src')).toBe('/api/files/thumbnail/00000000-0000-4000-8000-0000000f11e1');
    // Running with its progress; queued waiting.
    expect(within(row('city.jpg')).getByRole('progressbar', { name: 'city.jpg progress' }).getAttribute('aria-valuenow')).toBe('40');
    expect(row('dog.jpg').textContent).toContain('Queued');
    // Failed: the message, its class and tip, not charged; a refused one names itself.
    const failed = row('dark.jpg').textContent;
    expect(failed).toContain('This request was blocked by content filters');
    expect(failed).toContain('Blocked by content filters · Try another image.');
    expect(failed).toContain('Not charged');
    expect(row('notes.png').textContent).toContain('notes.png: this file is not an image.');
    expect(row('notes.png').textContent).toContain('Image refused');
    expect(row('notes.png').textContent).toContain('Not charged');
    expect(row('extra.jpg').textContent).toContain('Cancelled · Not charged');

    // While it runs: Cancel; a failed item that ran: Retry; a done one: the ZIP.
    expect(screen.getByRole('button', { name: 'Cancel batch' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry failed items' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download all (ZIP)' }).getAttribute('href')).toBe(`${URL}/download`);
  });

  it('reads the batch again every ~2 s while it runs, and stops once it has finished', async () => {
    const running = batchOf([doneItem('a.jpg'), batchItemOf('b.jpg', { status: 'running', progress: null })]);
    const { state, calls } = server(running);
    renderPage(<BatchPage />, PATH, '/batches/:uuid');
    expect(await screen.findByText('1 of 2 images finished')).toBeTruthy();
    await waitFor(() => expect(reads(calls)).toBeGreaterThanOrEqual(3));
    state.batch = batchOf([doneItem('a.jpg'), doneItem('b.jpg')]);
    expect(await screen.findByText('2 of 2 images finished')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel batch' })).toBeNull();
    expect(screen.getByText(/^Took /)).toBeTruthy();
    const settled = reads(calls);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(reads(calls)).toBe(settled);
  });

  it('cancels: the queued items come back cancelled at once, not charged', async () => {
    const { state, calls } = server(batchOf([batchItemOf('a.jpg', { status: 'running', progress: 10 }), batchItemOf('b.jpg')]));
    state.after.cancel = () => {
      state.batch = batchOf([batchItemOf('a.jpg', { status: 'running', progress: 10 }), batchItemOf('b.jpg', { status: 'cancelled' })]);
      return ok(state.batch);
    };
    renderPage(<BatchPage />, PATH, '/batches/:uuid');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel batch' }));
    await waitFor(() => expect(row('b.jpg').textContent).toContain('Cancelled · Not charged'));
    expect(calls.filter((c) => c.method === 'POST' && c.url === `${URL}/cancel`)).toHaveLength(1);
  });

  it('retries the failed items, and says so when none can be', async () => {
    const { state, calls } = server(batchOf([doneItem('a.jpg'), failedItem()]));
    state.after.retry = () => fail(409, 'CONFLICT', BATCH_MESSAGES.nothingToRetry);
    renderPage(<BatchPage />, PATH, '/batches/:uuid');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry failed items' }));
    expect((await screen.findByRole('alert')).textContent).toContain(BATCH_MESSAGES.nothingToRetry);

    state.after.retry = () => {
      state.batch = batchOf([doneItem('a.jpg'), batchItemOf('dark.jpg')]);
      return ok(state.batch);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed items' }));
    await waitFor(() => expect(row('dark.jpg').textContent).toContain('Queued'));
    expect(calls.filter((c) => c.method === 'POST' && c.url === `${URL}/retry`)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Cancel batch' })).toBeTruthy();
  });

  it('offers no Retry for items refused before running, nor a ZIP when nothing is done', async () => {
    server(batchOf([refusedItem('notes.png'), batchItemOf('b.jpg', { status: 'cancelled' })], { status: 'cancelled' }));
    renderPage(<BatchPage />, PATH, '/batches/:uuid');
    expect(await screen.findByText('2 of 2 images finished')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry failed items' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download all (ZIP)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel batch' })).toBeNull();
  });

  it("says when the batch is not found (another user's, or a wrong link)", async () => {
    stubFetch(routes({ [`GET ${URL}`]: () => fail(404, 'NOT_FOUND', BATCH_MESSAGES.notFound) }));
    renderPage(<BatchPage />, PATH, '/batches/:uuid');
    expect(await screen.findByRole('heading', { level: 1, name: 'Batch not found' })).toBeTruthy();
  });
});
