import { Minus, Plus, Receipt } from 'lucide-react';
import { useState } from 'react';
import type { CreditTransaction } from '../../../contract/credits.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { CREDIT_INFO_ERROR } from './api.ts';
import { ReceiptDialog } from './receipt-dialog.tsx';
import { transactionView } from './transaction-display.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const formatDateTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
};

function TransactionRow({ tx, onReceipt }: { tx: CreditTransaction; onReceipt: (generationId: string) => void }) {
  const view = transactionView(tx);
  const addition = view.kind === 'addition';
  const generationId = tx.generation_id;
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', addition ? 'bg-emerald-50 text-emerald-600' : 'bg-slate-100 text-slate-500')}
        aria-hidden
      >
        {addition ? <Plus className="size-4" /> : <Minus className="size-4" />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{tx.description || view.label}</p>
        <p className="text-xs text-slate-500">
          {view.label} · <time dateTime={tx.created_at}>{formatDateTime(tx.created_at)}</time>
          {generationId && (
            <>
              {' · '}
              <button
                type="button"
                onClick={() => onReceipt(generationId)}
                className="font-medium text-violet-700 hover:underline focus-visible:outline-2 focus-visible:outline-violet-600"
                aria-label={`Receipt: ${tx.description || view.label}, ${formatDateTime(tx.created_at)}`}
              >
                Receipt
              </button>
            </>
          )}
        </p>
      </div>
      <span className={cn('shrink-0 text-sm font-semibold tabular-nums', addition ? 'text-emerald-700' : 'text-slate-700')}>{view.amount}</span>
    </li>
  );
}

/** Recent Transactions (spec 1 §2 credits tab): type, signed amount, description and date of each; a generation's receipt. */
export function TransactionsList({ transactions, error, loading, onRetry }: {
  transactions: CreditTransaction[] | undefined;
  error: unknown;
  loading: boolean;
  onRetry: () => void;
}) {
  const [receipt, setReceipt] = useState<string | null>(null);
  let body;
  if (transactions && transactions.length > 0) {
    body = (
      <ul className="divide-y divide-slate-100" aria-label="Recent transactions">
        {transactions.map((tx) => (
          <TransactionRow key={tx.uuid} tx={tx} onReceipt={setReceipt} />
        ))}
      </ul>
    );
  } else if (error && !transactions) {
    body = (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="outline" loading={loading} onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {errorMessage(error, CREDIT_INFO_ERROR)}
      </Alert>
    );
  } else if (!transactions) {
    body = (
      <div role="status" className="flex justify-center py-8">
        <Spinner className="text-violet-600" label="Loading transactions" />
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col items-center py-6 text-center">
        <p className="font-medium text-slate-700">No transactions yet</p>
        <p className="mt-1 max-w-sm text-sm text-slate-500">Your purchases and generations will show up here.</p>
      </div>
    );
  }
  return (
    <Card>
      <CardHeader icon={<Receipt className="size-5" aria-hidden />} title="Recent Transactions" description="Purchases, bonuses and generations." />
      <CardBody className="py-2 sm:py-2">{body}</CardBody>
      {receipt && <ReceiptDialog generationId={receipt} onClose={() => setReceipt(null)} />}
    </Card>
  );
}
