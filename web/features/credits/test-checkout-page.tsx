import { useMutation, useQuery } from '@tanstack/react-query';
import { CreditCard, FlaskConical, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { CHECKOUT_CANCELLED_MESSAGE } from '../../../contract/credits.ts';
import { add } from '../../../contract/decimal.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Page } from '../../components/ui/page.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { errorMessage, isApiError } from '../../lib/api.ts';
import { cancelTestCheckout, confirmTestCheckout, fetchTestCheckout, openTestCheckout } from './api.ts';
import { formatCredits, formatUsd, packageCredits } from '../../lib/credits-format.ts';
import { CREDITS_TAB_PATH } from '../../lib/paths.ts';
import { creditKeys } from '../../lib/query-keys.ts';

export const TEST_MODE_NOTICE = 'Test checkout — no real payment is taken';

/** The opened checkout's id in the page address, so a reload or a second click confirms the same checkout. */
export const CHECKOUT_PARAM = 'checkout';

/**
 * Opens one checkout for this page (as Stripe makes a Checkout Session) and puts its id in the address. The ref
 * keeps StrictMode's second effect run from opening a second one.
 */
function useOpenCheckout(packageId: string, needed: boolean) {
  const navigate = useNavigate();
  const started = useRef(false);
  const open = useMutation({
    mutationFn: () => openTestCheckout(packageId),
    onSuccess: (id) => navigate({ search: `?${new URLSearchParams({ [CHECKOUT_PARAM]: id })}` }, { replace: true }),
  });
  const { mutate } = open;
  useEffect(() => {
    if (!needed || started.current) return;
    started.current = true;
    mutate();
  }, [needed, mutate]);
  return open;
}

/** /checkout/test/:packageId — the payment page of test mode: confirm to be credited at once, no card involved. */
export function TestCheckoutPage() {
  const { packageId = '' } = useParams();
  const [params] = useSearchParams();
  const checkoutId = params.get(CHECKOUT_PARAM);
  const navigate = useNavigate();
  const pkg = useQuery({ queryKey: creditKeys.testCheckout(packageId), queryFn: () => fetchTestCheckout(packageId), retry: false });
  const opening = useOpenCheckout(packageId, pkg.isSuccess && !checkoutId);
  const confirm = useMutation({
    mutationFn: () => confirmTestCheckout(packageId, checkoutId!),
    onSuccess: (result) => navigate(`/payments/return?session_id=${encodeURIComponent(result.session_id)}`),
  });
  // Cancel closes the opened checkout unpaid, so it holds up nothing (account deletion); with none opened yet
  // (the open call failed or is still on its way) there is nothing to close.
  const cancel = useMutation({ mutationFn: () => (checkoutId ? cancelTestCheckout(packageId, checkoutId) : Promise.resolve(null)) });
  const busy = confirm.isPending || confirm.isSuccess || cancel.isPending;

  let body;
  if (cancel.isSuccess) {
    const expired = cancel.data?.status === 'expired';
    body = (
      <Alert tone="info" title={expired ? 'Checkout expired' : CHECKOUT_CANCELLED_MESSAGE}>
        {expired ? 'This checkout was not paid in time and nothing was charged. ' : ''}You can choose a package again from your dashboard.
        <div className="mt-3">
          <ButtonLink to={CREDITS_TAB_PATH} size="sm" variant="outline">
            Back to credits
          </ButtonLink>
        </div>
      </Alert>
    );
  } else if (pkg.isPending) {
    body = <PageSpinner label="Loading checkout" className="min-h-48" />;
  } else if (pkg.isError || opening.isError) {
    const error = pkg.error ?? opening.error;
    const missing = isApiError(error) && (error.status === 404 || error.status === 400);
    body = (
      <Alert tone="error" title={missing ? 'This package is not available' : 'Checkout could not be loaded'}>
        {missing ? 'Choose a package again from your dashboard.' : errorMessage(error, 'Please try again.')}
        <div className="mt-3">
          <ButtonLink to={CREDITS_TAB_PATH} size="sm" variant="outline">
            Back to credits
          </ButtonLink>
        </div>
      </Alert>
    );
  } else {
    const { credits, bonus } = packageCredits(pkg.data);
    body = (
      <Card className="overflow-hidden">
        <div className="border-b border-slate-100 px-5 py-5 sm:px-6">
          <p className="text-sm font-medium text-slate-500">Credit package</p>
          <div className="mt-1 flex flex-wrap items-baseline justify-between gap-3">
            <h2 className="text-xl font-bold text-slate-900">{pkg.data.name}</h2>
            <p className="text-2xl font-bold text-slate-900 tabular-nums">{formatUsd(pkg.data.price_usd)}</p>
          </div>
          {pkg.data.description && <p className="mt-1 text-sm text-slate-600">{pkg.data.description}</p>}
        </div>
        <dl className="space-y-2 px-5 py-4 text-sm sm:px-6">
          <div className="flex justify-between">
            <dt className="text-slate-600">Credits</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{credits}</dd>
          </div>
          {bonus && (
            <div className="flex justify-between">
              <dt className="flex items-center gap-1 text-emerald-700">
                <Sparkles className="size-3.5" aria-hidden /> Bonus credits
              </dt>
              <dd className="font-medium text-emerald-700 tabular-nums">+{bonus}</dd>
            </div>
          )}
          <div className="flex justify-between border-t border-slate-100 pt-2">
            <dt className="font-semibold text-slate-900">You receive</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{formatCredits(add(pkg.data.credits, pkg.data.bonus_credits))} credits</dd>
          </div>
        </dl>
        {(confirm.isError || cancel.isError) && (
          <Alert tone="error" className="mx-5 mb-4 sm:mx-6">
            {confirm.isError
              ? errorMessage(confirm.error, 'The purchase could not be confirmed. Please try again.')
              : errorMessage(cancel.error, 'The checkout could not be cancelled. Please try again.')}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 bg-slate-50/60 px-5 py-4 sm:px-6">
          <Button variant="outline" onClick={() => cancel.mutate()} loading={cancel.isPending} disabled={busy}>
            Cancel
          </Button>
          <Button
            onClick={() => confirm.mutate()}
            disabled={cancel.isPending}
            loading={!checkoutId || confirm.isPending || confirm.isSuccess}
            icon={<CreditCard className="size-4" aria-hidden />}
          >
            {confirm.isPending ? 'Processing...' : 'Confirm purchase'}
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Page title="Checkout" description="Review your credit package and confirm the purchase." width="narrow">
      <div role="note" className="mb-6 flex items-start gap-3 rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-amber-900">
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
        <div>
          <p className="text-sm font-bold tracking-wide uppercase">Test mode</p>
          <p className="text-sm">{TEST_MODE_NOTICE}</p>
        </div>
      </div>
      {body}
    </Page>
  );
}
