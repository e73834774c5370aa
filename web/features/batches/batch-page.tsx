import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Ban, Download, RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { BatchDetail } from '../../../contract/batches.ts';
import { toolTitle } from '../../../contract/tools.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses, ButtonLink } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { Page } from '../../components/ui/page.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { formatCredits } from '../../lib/credits-format.ts';
import { creditKeys, fileKeys } from '../../lib/query-keys.ts';
import { profileQueryKey } from '../../lib/session/profile.ts';
import { useSecondsSince } from '../../lib/use-elapsed-seconds.ts';
import { BATCH_UI_MESSAGES, batchKeys, batchQueryOptions, cancelBatch, retryBatch } from '../ai-shared/batch/api.ts';
import { BatchStatusBadge, settledCount } from '../ai-shared/batch/batch-status.tsx';
import { BatchItemRow } from './batch-item-row.tsx';
import { formatElapsed, parseTime } from './batch-format.ts';

const COUNT_LABELS = [
  ['done', 'Done'],
  ['failed', 'Failed'],
  ['running', 'Running'],
  ['queued', 'Queued'],
  ['cancelled', 'Cancelled'],
] as const;

/** Seconds from the batch's start to its end, or to now (ticking) while it runs. */
function useBatchSeconds(batch: BatchDetail): number {
  const created = parseTime(batch.created_at);
  const finished = parseTime(batch.finished_at);
  const running = batch.status === 'running';
  const live = useSecondsSince(running ? created : null);
  if (running) return live;
  if (created === null) return 0;
  // A finished batch's end: its own, else its last item's.
  const ends = batch.items.map((item) => parseTime(item.finished_at) ?? 0);
  return Math.max(0, Math.floor(((finished ?? Math.max(created, ...ends)) - created) / 1000));
}

/** Cancel and Retry: the batch as the server answers it replaces the one shown, and the balance is read again. */
function useBatchAction(id: string, call: (id: string) => Promise<BatchDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(id),
    onSuccess: (detail) => {
      client.setQueryData(batchKeys.detail(id), detail);
      for (const queryKey of [batchKeys.all, profileQueryKey, creditKeys.all]) void client.invalidateQueries({ queryKey });
    },
  });
}

function Overview({ batch }: { batch: BatchDetail }) {
  const seconds = useBatchSeconds(batch);
  const settled = settledCount(batch.counts);
  const total = batch.total_items;
  const percent = total === 0 ? 100 : (settled / total) * 100;
  const cancel = useBatchAction(batch.batch_id, cancelBatch);
  const retry = useBatchAction(batch.batch_id, retryBatch);
  const retryable = batch.items.some((item) => item.status === 'failed' && item.generation_id !== null);
  const running = batch.status === 'running';
  const actionError = cancel.error ?? retry.error;
  const engine = batch.quote.preview ? 'the local engine (previews)' : batch.quote.engine;

  return (
    <Card>
      <CardBody className="space-y-5">
        <div className="space-y-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <p className="text-sm font-semibold text-slate-900 tabular-nums" role="status">
              {settled} of {total} {total === 1 ? 'image' : 'images'} finished
            </p>
            <p className="text-sm text-slate-600 tabular-nums">
              {running ? 'Elapsed' : 'Took'} {formatElapsed(seconds)}
            </p>
          </div>
          <ProgressBar value={percent} label="Batch progress" className="h-2.5" />
        </div>

        <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {COUNT_LABELS.map(([key, label]) => (
            <div key={key} className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-lg font-semibold text-slate-900 tabular-nums">{batch.counts[key]}</dd>
            </div>
          ))}
          <div className="rounded-lg bg-violet-50 px-3 py-2 ring-1 ring-violet-200">
            <dt className="text-xs text-violet-900">Credits charged</dt>
            <dd className="text-lg font-semibold text-violet-950 tabular-nums" data-testid="batch-charged">
              {formatCredits(batch.charged)}
            </dd>
          </div>
        </dl>

        <p className="text-sm text-slate-600">
          Run on {engine} at {Number(batch.quote.unit_price) === 0 ? 'no charge' : `${formatCredits(batch.quote.unit_price)} credits`} an image. Only done images
          are charged; failed and cancelled ones cost nothing. Results land in your{' '}
          <Link to="/gallery" className="font-medium text-violet-700 underline underline-offset-2 hover:text-violet-900">
            gallery
          </Link>
          .
        </p>

        {(running || retryable || batch.download_url) && (
          <div className="flex flex-wrap gap-3">
            {batch.download_url && (
              <a href={batch.download_url} download className={buttonClasses('primary', 'md')}>
                <Download className="size-4" aria-hidden />
                Download all (ZIP)
              </a>
            )}
            {retryable && (
              <Button variant="outline" icon={<RotateCcw className="size-4" aria-hidden />} loading={retry.isPending} onClick={() => retry.mutate()}>
                Retry failed items
              </Button>
            )}
            {running && (
              <Button
                variant="outline"
                className="border-red-200 text-red-700 hover:bg-red-50"
                icon={<Ban className="size-4" aria-hidden />}
                loading={cancel.isPending}
                onClick={() => cancel.mutate()}
              >
                Cancel batch
              </Button>
            )}
          </div>
        )}
        {actionError ? <Alert tone="error">{errorMessage(actionError, cancel.error ? BATCH_UI_MESSAGES.cancel : BATCH_UI_MESSAGES.retry)}</Alert> : null}
        {running && <p className="text-xs text-slate-500">Cancel releases the queued images at once; the ones already running finish.</p>}
      </CardBody>
    </Card>
  );
}

/**
 * /batches/:uuid (issue 28): one tool over many images. The overall progress, elapsed time and counts, what is charged
 * so far, Cancel, Retry failed items and Download all; then each image: queued, running with its progress, done with
 * its result, failed (why, and not charged) or cancelled. Read again every ~2 s while it runs.
 */
export function BatchPage() {
  const { uuid = '' } = useParams();
  const client = useQueryClient();
  const query = useQuery(batchQueryOptions(uuid));
  const batch = query.data;

  // When the batch ends, what it changed is read again: the gallery's new images and the balance.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (!batch) return;
    if (wasRunning.current && batch.status !== 'running') {
      for (const queryKey of [fileKeys.all, creditKeys.all, profileQueryKey, batchKeys.all]) void client.invalidateQueries({ queryKey });
    }
    wasRunning.current = batch.status === 'running';
  }, [batch, client]);

  if (query.isPending) return <PageSpinner label="Loading batch" />;
  if (!batch) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Page title={missing ? 'Batch not found' : 'Batch'} description={missing ? 'It may belong to another account, or the link is wrong.' : undefined}>
        {missing ? (
          <ButtonLink to="/gallery" variant="outline">
            Open your gallery
          </ButtonLink>
        ) : (
          <Alert tone="error" action={<Button size="sm" variant="outline" onClick={() => void query.refetch()}>Try again</Button>}>
            {errorMessage(query.error, BATCH_UI_MESSAGES.load)}
          </Alert>
        )}
      </Page>
    );
  }

  const tool = toolTitle(batch.tool);
  return (
    <Page
      title={batch.title}
      badge={<BatchStatusBadge status={batch.status} />}
      description={`${batch.total_items} ${batch.total_items === 1 ? 'image' : 'images'}, started ${new Date(batch.created_at).toLocaleString()}.`}
      actions={
        tool ? (
          <ButtonLink to={`/tools/${batch.tool}`} variant="outline" icon={<ArrowLeft className="size-4" aria-hidden />}>
            Back to {tool}
          </ButtonLink>
        ) : undefined
      }
      width="reading"
    >
      <div className="space-y-6">
        <Overview batch={batch} />
        <Card>
          <CardHeader title="Images" description="Each image and its result, in the order you added them." />
          <ul className="divide-y divide-slate-100" aria-label="Images in this batch">
            {batch.items.map((item) => (
              <BatchItemRow key={item.id} item={item} />
            ))}
          </ul>
        </Card>
      </div>
    </Page>
  );
}
