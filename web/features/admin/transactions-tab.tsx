import { useMutation, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Download, Receipt } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import type { AdminTransaction, AdminTransactionStats } from '../../../contract/admin-payments.ts';
import { PAYMENT_STATUSES } from '../../../contract/credits.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { inputClasses } from '../../components/ui/input.tsx';
import { formatUsd } from '../../lib/credits-format.ts';
import { adminWriteError } from './admin-errors.ts';
import { formatCount } from './admin-format.ts';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';
import { downloadTransactionsCsv, transactionsQuery, useTransactionAction, type TransactionFilters } from './transactions-api.ts';
import { AssignDialog } from './transactions-assign-dialog.tsx';
import { TransactionsTable } from './transactions-table.tsx';
import { StatTile } from './admin-ui.tsx';

const NO_FILTERS: TransactionFilters = { status: '', start_date: '', end_date: '' };

function StatCards({ stats }: { stats: AdminTransactionStats }) {
  const cards = [
    { label: 'Total revenue', value: formatUsd(stats.total_revenue), note: 'completed payments' },
    { label: 'Transactions', value: formatCount(stats.total_transactions), note: 'any status' },
    { label: 'Stripe fees', value: formatUsd(stats.total_fees), note: 'kept by Stripe' },
    { label: 'Taxes', value: formatUsd(stats.total_taxes), note: 'on completed payments' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((c) => (
        <StatTile key={c.label} label={c.label} value={c.value} hint={c.note} />
      ))}
    </dl>
  );
}

const labelClass = 'mb-1.5 block text-sm font-medium text-slate-700';

/** Stripe Transactions (spec 3 §2): statistics, filters, a page of 20, CSV export, retry tax, assign. */
export function TransactionsTab() {
  const [filters, setFilters] = useState<TransactionFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState<AdminTransaction | null>(null);
  const rangeError = filters.start_date && filters.end_date && filters.end_date < filters.start_date ? 'The end date is before the start date' : null;
  const list = useQuery({ ...transactionsQuery(filters, page), enabled: !rangeError });
  const action = useTransactionAction();
  const csv = useMutation({ mutationFn: downloadTransactionsCsv });
  const retrying = action.isPending && action.variables?.sub_action === 'refresh-tax' ? action.variables.payment_id : null;

  const change = (patch: Partial<TransactionFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const totalPages = list.data ? Math.max(1, list.data.pagination.total_pages) : 1;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title="Stripe Transactions"
          description="Every purchase, with Stripe's fees and the tax paid. Dates are UTC calendar days, both included."
          icon={<Receipt className="size-5" aria-hidden />}
        />
        <CardBody className="space-y-6">
          <form className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
            <div>
              <label htmlFor="tx-status" className={labelClass}>
                Status
              </label>
              <select id="tx-status" className={inputClasses} value={filters.status} onChange={(e) => change({ status: e.target.value as TransactionFilters['status'] })}>
                <option value="">All statuses</option>
                {PAYMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s[0]!.toUpperCase() + s.slice(1)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="tx-start" className={labelClass}>
                Start date
              </label>
              <input id="tx-start" type="date" className={inputClasses} value={filters.start_date} onChange={(e) => change({ start_date: e.target.value })} />
            </div>
            <div>
              <label htmlFor="tx-end" className={labelClass}>
                End date
              </label>
              <input
                id="tx-end"
                type="date"
                className={inputClasses}
                value={filters.end_date}
                min={filters.start_date || undefined}
                aria-invalid={rangeError ? true : undefined}
                aria-describedby={rangeError ? 'tx-range-error' : undefined}
                onChange={(e) => change({ end_date: e.target.value })}
              />
            </div>
            <Button variant="outline" icon={<Download className="size-4" aria-hidden />} disabled={Boolean(rangeError)} loading={csv.isPending} onClick={() => csv.mutate(filters)}>
              Export CSV
            </Button>
            {csv.isError && (
              <p role="alert" className="text-sm text-red-600 sm:col-span-2 lg:col-span-4">
                {adminWriteError(csv.error, 'Failed to export the CSV')}
              </p>
            )}
            {rangeError && (
              <p id="tx-range-error" className="text-sm text-red-600 sm:col-span-2 lg:col-span-4">
                {rangeError}
              </p>
            )}
          </form>

          {rangeError ? null : list.isPending ? (
            <AdminLoading label="Loading transactions…" />
          ) : list.isError ? (
            <AdminLoadError error={list.error} />
          ) : (
            <>
              <StatCards stats={list.data.stats} />
              {action.isError && action.variables?.sub_action === 'refresh-tax' && (
                <Alert tone="error">{adminWriteError(action.error, ADMIN_MESSAGES.retryTax)}</Alert>
              )}
              {action.isSuccess && action.variables.sub_action === 'refresh-tax' && <Alert tone="success">Fee and tax read again from Stripe.</Alert>}
              {list.data.transactions.length === 0 ? (
                <p className="py-6 text-center text-sm text-slate-600">No transactions match these filters.</p>
              ) : (
                <TransactionsTable
                  rows={list.data.transactions}
                  retrying={retrying}
                  onRetryTax={(row) => action.mutate({ sub_action: 'refresh-tax', payment_id: row.id })}
                  onAssign={setAssigning}
                />
              )}
              <nav className="flex items-center justify-between gap-3" aria-label="Pages">
                <Button variant="outline" size="sm" icon={<ChevronLeft className="size-4" aria-hidden />} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  Previous
                </Button>
                <p className="text-sm text-slate-600" aria-live="polite">
                  Page {Math.min(page, totalPages)} of {totalPages}
                </p>
                <Button variant="outline" size="sm" disabled={page >= totalPages || list.isPlaceholderData} onClick={() => setPage((p) => p + 1)}>
                  Next <ChevronRight className="size-4" aria-hidden />
                </Button>
              </nav>
            </>
          )}
        </CardBody>
      </Card>
      {assigning && <AssignDialog payment={assigning} onClose={() => setAssigning(null)} />}
    </div>
  );
}
