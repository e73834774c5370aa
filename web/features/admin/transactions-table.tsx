import { RefreshCw, UserPlus } from 'lucide-react';
import type { AdminTransaction } from '../../../contract/admin-payments.ts';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatCredits, formatUsd } from '../../lib/credits-format.ts';
import { formatDateTime } from './admin-format.ts';
import { ScrollRegion } from './admin-ui.tsx';

const STATUS_TONE: Record<AdminTransaction['status'], BadgeTone> = {
  completed: 'green',
  pending: 'slate',
  failed: 'slate',
  cancelled: 'slate',
  expired: 'slate',
  refunded: 'amber',
  disputed: 'amber',
};

const money = (value: string | null) => (value === null ? '—' : formatUsd(value));

/** The payments of one page; wide tables scroll sideways on a phone. Every value is rendered as text. */
export function TransactionsTable({
  rows,
  retrying,
  onRetryTax,
  onAssign,
}: {
  rows: AdminTransaction[];
  retrying: string | null;
  onRetryTax: (row: AdminTransaction) => void;
  onAssign: (row: AdminTransaction) => void;
}) {
  return (
    <ScrollRegion label="Transactions" className="-mx-4 sm:mx-0">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Stripe payments, newest first</caption>
        <thead className="border-b border-slate-200 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2">Date</th>
            <th scope="col" className="px-4 py-2">Customer</th>
            <th scope="col" className="px-4 py-2 text-right">Amount</th>
            <th scope="col" className="px-4 py-2 text-right">Credits</th>
            <th scope="col" className="px-4 py-2 text-right">Stripe fee</th>
            <th scope="col" className="px-4 py-2 text-right">Tax</th>
            <th scope="col" className="px-4 py-2">Status</th>
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} className="align-top">
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {formatDateTime(row.created_at)}
                <div className="max-w-[12rem] truncate text-xs text-slate-500" title={row.payment_provider_id}>
                  {row.payment_provider_id}
                </div>
              </td>
              <td className="max-w-[16rem] px-4 py-3">
                {row.unassigned ? (
                  <Badge tone="violet">Unassigned</Badge>
                ) : (
                  <div className="truncate font-medium text-slate-900">{row.user_name || '—'}</div>
                )}
                {row.user_email && <div className="truncate text-xs text-slate-500">{row.user_email}</div>}
                {row.package_name && <div className="text-xs text-slate-500">{row.package_name}</div>}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatUsd(row.amount_usd)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatCredits(row.credits_purchased)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{money(row.stripe_fee)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{money(row.tax_amount)}</td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap gap-1">
                  <Badge tone={STATUS_TONE[row.status]}>{row.status}</Badge>
                  {row.provider !== 'stripe' && <Badge>test</Badge>}
                </div>
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  {row.unassigned && (
                    <Button size="sm" variant="outline" icon={<UserPlus className="size-4" aria-hidden />} onClick={() => onAssign(row)}>
                      Assign
                    </Button>
                  )}
                  {row.provider === 'stripe' && (
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<RefreshCw className="size-4" aria-hidden />}
                      loading={retrying === row.id}
                      onClick={() => onRetryTax(row)}
                      aria-label={`Retry tax for ${row.payment_provider_id}`}
                    >
                      Retry tax
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
