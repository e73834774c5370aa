import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { CreditPackage } from '../../../contract/credits.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { browserNavigation, PACKAGES_ERROR, packagesQueryOptions } from './api.ts';
import { formatUsd, packageCredits } from '../../lib/credits-format.ts';
import { coveringPackageId } from '../../lib/insufficient-credits.ts';

function PackageRow({ pkg, highlighted, busy, onBuy }: { pkg: CreditPackage; highlighted: boolean; busy: boolean; onBuy: () => void }) {
  const { credits, bonus } = packageCredits(pkg);
  const price = formatUsd(pkg.price_usd);
  return (
    <li
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border p-4',
        highlighted ? 'border-violet-300 bg-violet-50/60 ring-1 ring-violet-200' : 'border-slate-200',
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {pkg.name}
          {highlighted && <Badge tone="violet">Covers this</Badge>}
          {pkg.test_mode && <Badge tone="amber">Test mode</Badge>}
        </p>
        <p className="mt-0.5 text-sm text-slate-600">
          <span className="font-medium text-slate-800 tabular-nums">{credits} credits</span>
          {bonus && (
            <span className="ml-1.5 inline-flex items-center gap-1 font-medium text-emerald-700">
              <Sparkles className="size-3.5" aria-hidden />+{bonus} bonus
            </span>
          )}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="text-lg font-bold text-slate-900 tabular-nums">{price}</span>
        <Button size="sm" variant={highlighted ? 'primary' : 'outline'} loading={busy} onClick={onBuy} aria-label={`Buy ${pkg.name} for ${price}`}>
          Buy
        </Button>
      </div>
    </li>
  );
}

/**
 * The credit packages with a Buy button each, which sends the whole page to that package's payment_link
 * (Stripe, or the test checkout). Given a deficit, the cheapest package that covers it is highlighted.
 * 'Failed to load credit packages' with Try again when they cannot be loaded.
 */
export function PackageList({ deficit, className }: { deficit?: string; className?: string }) {
  const query = useQuery(packagesQueryOptions());
  const [buying, setBuying] = useState<string | null>(null);

  if (query.isPending) {
    return (
      <div role="status" className={cn('flex items-center justify-center gap-2 py-8 text-sm text-slate-500', className)}>
        <Spinner className="text-violet-600" /> Loading credit packages…
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert
        tone="error"
        className={className}
        action={
          <Button size="sm" variant="outline" loading={query.isFetching} onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        {PACKAGES_ERROR}
      </Alert>
    );
  }
  if (query.data.length === 0) {
    return <Alert className={className}>No credit packages are on sale right now.</Alert>;
  }

  const highlightId = deficit ? coveringPackageId(query.data, deficit) : null;
  const buy = (pkg: CreditPackage) => {
    setBuying(pkg.uuid);
    browserNavigation.assign(pkg.payment_link);
  };

  return (
    <div className={className}>
      {query.data.some((p) => p.test_mode) && (
        <p className="mb-3 text-xs font-medium text-amber-800">Packages marked Test mode take no real payment.</p>
      )}
      <ul className="space-y-3" aria-label="Credit packages">
        {query.data.map((pkg) => (
          <PackageRow key={pkg.uuid} pkg={pkg} highlighted={pkg.uuid === highlightId} busy={buying === pkg.uuid} onBuy={() => buy(pkg)} />
        ))}
      </ul>
    </div>
  );
}
