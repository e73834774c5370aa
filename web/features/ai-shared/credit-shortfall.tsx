/**
 * Whether the user can pay for what a tool's button quotes, known before the click (issue 12): a button that looks
 * ready at 0 credits only to answer 402 teaches the user nothing until it is too late. The balance is the header's
 * (the session's available credits, lowered at once after a charge), so the button and the header always agree.
 */
import { useQuery } from '@tanstack/react-query';
import { Coins, Gauge } from 'lucide-react';
import { Link } from 'react-router';
import type { InsufficientCredits } from '../../../contract/credits.ts';
import { cmp, max0, sub } from '../../../contract/decimal.ts';
import { accountCapReached, capReachedMessage, type SpendingCapDetails } from '../../../contract/spending.ts';
import { formatPreciseCredits } from '../../lib/credits-format.ts';
import { useInsufficientCredits } from '../../lib/insufficient-credits.ts';
import { useAuth } from '../../lib/session/use-auth.ts';
import { spendingQueryOptions } from '../../lib/spending.ts';

/** The figures when `cost` is more than `available`; null when it is covered or either is unknown. */
export function shortfallOf(cost: string | null, available: string | null | undefined): InsufficientCredits | null {
  if (cost === null || available == null) return null;
  if (cmp(cost, available) <= 0) return null;
  return { required_credits: cost, available_credits: available, deficit: max0(sub(cost, available)) };
}

/**
 * The shortfall of a quoted cost against the signed-in user's available credits, and the way to cover it (the
 * Insufficient Credits dialog with those figures). A free preview (cost 0) is never short; while the cost or the
 * balance is loading, nothing is claimed either way.
 */
export function useCreditShortfall(cost: string | null) {
  const { credits, isSignedIn } = useAuth();
  const insufficient = useInsufficientCredits();
  // The query the shell's low-balance notice reads too, read afresh when a tool opens and after every charge.
  const spending = useQuery({ ...spendingQueryOptions(), enabled: isSignedIn });
  // A cost the monthly cap would refuse (issue 29): said before the click, as topping up would not help.
  const capped: SpendingCapDetails | null = cost !== null && spending.data ? accountCapReached(spending.data, cost) : null;
  const shortfall = capped ? null : shortfallOf(cost, credits?.available_credits);
  return { shortfall, capped, topUp: () => shortfall && insufficient.open(shortfall) };
}

/** Under a button whose cost the monthly spending cap would refuse: the figures, the reset day, and where to change it. */
export function CapNote({ id, capped }: { id: string; capped: SpendingCapDetails }) {
  return (
    <p id={id} className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="spending-cap">
      <Gauge className="size-4 shrink-0" aria-hidden />
      <span>{capReachedMessage(capped, { refused: false })}</span>
      <Link to="/dashboard?tab=credits" className="font-semibold text-violet-800 underline underline-offset-2 hover:text-violet-950">
        Change the cap
      </Link>
    </p>
  );
}

/** Under a button that cannot be paid for: what it needs, what there is, and the way to top up. */
export function ShortfallNote({ id, shortfall, onTopUp }: { id: string; shortfall: InsufficientCredits; onTopUp: () => void }) {
  return (
    <p id={id} className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="credit-shortfall">
      <Coins className="size-4 shrink-0" aria-hidden />
      <span>
        Needs <strong className="font-semibold tabular-nums">{formatPreciseCredits(shortfall.required_credits)}</strong> credits; you have{' '}
        <span className="tabular-nums">{formatPreciseCredits(shortfall.available_credits)}</span>.
      </span>
      <button type="button" onClick={onTopUp} className="font-semibold text-violet-800 underline underline-offset-2 hover:text-violet-950">
        Top up credits
      </button>
    </p>
  );
}
