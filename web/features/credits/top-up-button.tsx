import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';

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
