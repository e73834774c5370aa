import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import type { Credits } from '../../../contract/auth.ts';
import { CREDIT_DECIMALS } from '../../../contract/constants.ts';
import { toFixed } from '../../../contract/decimal.ts';
import { cn } from '../../components/ui/cn.ts';
import { balanceChipClass } from '../../features/credits/balance-tone.ts';
import { CREDITS_TAB_PATH } from '../../lib/paths.ts';

/** The header's balance with 2 decimals, in the balance's colour (green, yellow, red); opens the dashboard's credits tab. */
export function CreditChip({ credits, className }: { credits: Credits | null; className?: string }) {
  if (!credits) return null;
  const amount = toFixed(credits.balance, CREDIT_DECIMALS);
  return (
    <Link
      to={CREDITS_TAB_PATH}
      title="Your credit balance"
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold tabular-nums transition-colors',
        balanceChipClass(credits.balance),
        className,
      )}
    >
      <Wallet className="size-4" aria-hidden />
      {amount}
      <span className="sr-only"> credits</span>
    </Link>
  );
}
