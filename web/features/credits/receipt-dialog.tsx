import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { generationReceipt, type GenerationReceipt } from '../../../contract/generations.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api, errorMessage, parseAnswer } from '../../lib/api.ts';
import { formatCredits } from '../../lib/credits-format.ts';

export const RECEIPT_ERROR = 'Failed to load the receipt';

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });
const STATUS_WORDS: Record<GenerationReceipt['status'], string> = {
  queued: 'Queued',
  processing: 'Running',
  completed: 'Completed',
  failed: 'Failed (nothing charged)',
  cancelled: 'Cancelled (nothing charged)',
};

/** '12.4 s', '2 min 5 s'. */
export function durationText(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

async function fetchReceipt(generationId: string): Promise<GenerationReceipt> {
  return parseAnswer(generationReceipt, await api.get<unknown>(`/generations/${encodeURIComponent(generationId)}/receipt`), RECEIPT_ERROR);
}

function Figures({ receipt }: { receipt: GenerationReceipt }) {
  const rows: Array<[string, string]> = [
    ['Tool', receipt.title],
    ['Engine', `${receipt.engine}${receipt.model ? ` (${receipt.model})` : ''}${receipt.preview ? ', preview' : ''}`],
    ['Price charged', `${formatCredits(receipt.credits)} credits`],
    ['Time taken', receipt.processing_time_ms === null ? 'Still running' : durationText(receipt.processing_time_ms)],
    ['Started', dateTime.format(new Date(receipt.created_at))],
    ['Status', STATUS_WORDS[receipt.status]],
  ];
  return (
    <div className="space-y-4">
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4 py-2">
            <dt className="text-slate-500">{term}</dt>
            <dd className="text-right font-medium text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {receipt.result_path && (
        <Link to={receipt.result_path} className="inline-block text-sm font-medium text-violet-700 hover:underline">
          Open the result
        </Link>
      )}
    </div>
  );
}

/** What a usage line paid for (issue 29): GET /api/generations/:id/receipt, opened from the transactions list. */
export function ReceiptDialog({ generationId, onClose }: { generationId: string; onClose: () => void }) {
  const receipt = useQuery({ queryKey: ['generations', 'receipt', generationId], queryFn: () => fetchReceipt(generationId) });
  return (
    <Dialog title="Receipt" icon={<Receipt className="size-5" aria-hidden />} onClose={onClose}>
      {receipt.data ? (
        <Figures receipt={receipt.data} />
      ) : receipt.isError ? (
        <Alert tone="error">{errorMessage(receipt.error, RECEIPT_ERROR)}</Alert>
      ) : (
        <div role="status" className="flex justify-center py-6">
          <Spinner className="text-violet-600" label="Loading the receipt" />
        </div>
      )}
    </Dialog>
  );
}
