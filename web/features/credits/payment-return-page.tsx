import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock, SearchX } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CHECKOUT_CANCELLED_MESSAGE, type CheckoutStatus } from '../../../contract/credits.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Page } from '../../components/ui/page.tsx';
import { PageSpinner, Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage, isApiError } from '../../lib/api.ts';
import { fetchCheckoutStatus } from './api.ts';
import { formatCredits, formatUsd } from '../../lib/credits-format.ts';
import { profileQueryKey } from '../../lib/session/profile.ts';
import { CREDITS_TAB_PATH } from '../../lib/paths.ts';
import { creditKeys } from '../../lib/query-keys.ts';

export const CHECKOUT_POLL_MS = 2000;
export const CHECKOUT_POLL_LIMIT_MS = 30_000;

type Tone = 'success' | 'pending' | 'error';
const TONES: Record<Tone, { icon: ReactNode; ring: string }> = {
  success: { icon: <CircleCheck className="size-8" aria-hidden />, ring: 'bg-emerald-50 text-emerald-600' },
  pending: { icon: <Clock className="size-8" aria-hidden />, ring: 'bg-amber-50 text-amber-600' },
  error: { icon: <CircleX className="size-8" aria-hidden />, ring: 'bg-red-50 text-red-600' },
};

function Outcome({ tone, title, children, icon }: { tone: Tone; title: string; children: ReactNode; icon?: ReactNode }) {
  const { icon: toneIcon, ring } = TONES[tone];
  return (
    <Card role={tone === 'error' ? 'alert' : 'status'} className="flex flex-col items-center px-6 py-10 text-center">
      <span className={cn('flex size-16 items-center justify-center rounded-full', ring)}>{icon ?? toneIcon}</span>
      <h2 className="mt-5 text-xl font-bold text-slate-900">{title}</h2>
      <div className="mt-2 max-w-md text-slate-600">{children}</div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to={CREDITS_TAB_PATH}>View your credits</ButtonLink>
        <ButtonLink to="/tools" variant="outline">
          Browse tools
        </ButtonLink>
      </div>
    </Card>
  );
}

function describe(status: CheckoutStatus, timedOut: boolean) {
  const credits = formatCredits(status.credits_purchased);
  const name = status.package_name ? ` (${status.package_name})` : '';
  switch (status.status) {
    case 'completed':
      return (
        <Outcome tone="success" title="Payment successful">
          {credits} credits{name} were added to your balance. Thank you!
        </Outcome>
      );
    case 'pending':
      return (
        <Outcome tone="pending" title="Payment processing" icon={timedOut ? undefined : <Spinner className="size-8" />}>
          {timedOut
            ? 'Your payment is taking longer than usual to confirm. Your credits will appear on your dashboard as soon as it is.'
            : `We are waiting for the payment of ${formatUsd(status.amount_usd)} to be confirmed. This page updates by itself.`}
        </Outcome>
      );
    case 'cancelled':
    case 'expired':
      return (
        <Outcome tone="error" title={status.status === 'cancelled' ? 'Checkout cancelled' : 'Checkout expired'}>
          {status.status === 'cancelled' ? CHECKOUT_CANCELLED_MESSAGE : 'This checkout was not paid in time and nothing was charged'}. You can buy
          credits again from your dashboard.
        </Outcome>
      );
    case 'failed':
      return (
        <Outcome tone="error" title="Payment failed">
          The payment did not go through and no credits were added. You can try again from your dashboard.
        </Outcome>
      );
    default:
      return (
        <Outcome tone="error" title={status.status === 'refunded' ? 'Payment refunded' : 'Payment disputed'}>
          This payment was {status.status}; its credits are no longer on your balance.
        </Outcome>
      );
  }
}

/** /payments/return?session_id=… — where a checkout sends the user back: the outcome, polled while pending (up to ~30 s). */
export function PaymentReturnPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const client = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  const query = useQuery({
    queryKey: creditKeys.checkoutStatus(sessionId),
    queryFn: () => fetchCheckoutStatus(sessionId),
    enabled: sessionId !== '',
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && Date.now() - startedAt < CHECKOUT_POLL_LIMIT_MS ? CHECKOUT_POLL_MS : false),
  });
  const status = query.data?.status;
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (status !== 'pending') return;
    const timer = setTimeout(() => setTimedOut(true), Math.max(0, startedAt + CHECKOUT_POLL_LIMIT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [status, startedAt]);

  // New credits: the header chip and the dashboard re-read their figures.
  useEffect(() => {
    if (status === 'completed' || status === 'refunded') {
      void client.invalidateQueries({ queryKey: profileQueryKey });
      void client.invalidateQueries({ queryKey: creditKeys.all });
    }
  }, [status, client]);

  let body;
  if (!sessionId) {
    body = (
      <Outcome tone="error" title="No payment to show" icon={<SearchX className="size-8" aria-hidden />}>
        This page needs the payment’s session id. Check your credits on the dashboard.
      </Outcome>
    );
  } else if (query.isPending) {
    body = <PageSpinner label="Checking your payment" className="min-h-48" />;
  } else if (query.isError) {
    body = isApiError(query.error) && query.error.status === 404 ? (
      <Outcome tone="error" title="Payment not found" icon={<SearchX className="size-8" aria-hidden />}>
        We could not find this payment on your account.
      </Outcome>
    ) : (
      <Outcome tone="error" title="Could not check the payment">
        {errorMessage(query.error, 'Please reload the page in a moment.')}
      </Outcome>
    );
  } else {
    body = describe(query.data, timedOut);
  }

  return (
    <Page title="Payment" width="narrow">
      {body}
    </Page>
  );
}
