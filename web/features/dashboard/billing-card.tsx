import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Receipt } from 'lucide-react';
import type { Purchase } from '../../../contract/account.ts';
import { shownStatus } from '../../../contract/credits.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatCredits, formatUsd } from '../../lib/credits-format.ts';
import { formatDate } from '../../lib/format.ts';
import { billingQuery } from './account-api.ts';

const STATUS: Record<Purchase['status'], { label: string; tone: BadgeTone }> = {
  completed: { label: 'Paid', tone: 'green' },
  pending: { label: 'Not paid', tone: 'slate' },
  failed: { label: 'Failed', tone: 'amber' },
  cancelled: { label: 'Cancelled', tone: 'slate' },
  expired: { label: 'Expired', tone: 'slate' },
  refunded: { label: 'Refunded', tone: 'violet' },
  disputed: { label: 'Disputed', tone: 'amber' },
};

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function PurchaseRow({ purchase }: { purchase: Purchase }) {
  // A checkout past its payable_until shows as expired at once, as the server would answer now.
  const shown = shownStatus(purchase.status, purchase.payable_until, new Date());
  const status = STATUS[shown];
  const amount = purchase.currency.toLowerCase() === 'usd' ? formatUsd(purchase.amount_usd) : `${purchase.amount_usd} ${purchase.currency.toUpperCase()}`;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {purchase.package_name ?? 'Credit package'}
          <Badge tone={status.tone}>{status.label}</Badge>
          {purchase.test && <Badge tone="amber">Test — no money moved</Badge>}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          {formatDate(purchase.created_at)} · {formatCredits(purchase.credits)} credits
          {shown === 'pending' &&
            (purchase.payable_until ? ` · can be paid until ${dateTime.format(new Date(purchase.payable_until))}` : ' · the payment is being confirmed')}
        </p>
      </div>
      <p className="text-sm font-semibold text-slate-900 tabular-nums">{amount}</p>
      {purchase.receipt_url && (
        <a
          href={purchase.receipt_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-violet-700 hover:text-violet-800 hover:underline"
        >
          Receipt
          <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">for {purchase.package_name ?? 'this purchase'}, {formatDate(purchase.created_at)} (opens Stripe in a new tab)</span>
        </a>
      )}
    </li>
  );
}

/** Purchases: amount, credits, date and status, with Stripe's receipt; test-checkout purchases are marked. */
export function BillingCard() {
  const billing = useQuery(billingQuery());
  return (
    <Card>
      <CardHeader
        icon={<Receipt className="size-5" aria-hidden />}
        title="Billing"
        description="Your credit purchases. Credits are bought once; there is no subscription to cancel."
      />
      <CardBody>
        {billing.isPending ? (
          <Spinner className="size-5" />
        ) : billing.isError ? (
          <Alert tone="error">{errorMessage(billing.error)}</Alert>
        ) : (
          <>
            {billing.data.test_mode && (
              <Alert tone="warning" className="mb-4">
                Payments are in test mode: purchases go through the built-in TEST checkout and no money is charged.
              </Alert>
            )}
            {billing.data.purchases.length === 0 ? (
              <p className="text-sm text-slate-500">No purchases yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Purchases">
                {billing.data.purchases.map((purchase) => (
                  <PurchaseRow key={purchase.id} purchase={purchase} />
                ))}
              </ul>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}
