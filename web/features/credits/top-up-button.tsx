import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';

/**
 * 'Top Up Credits' (spec 1 §2 Dashboard). Reads 'Loading...' while `onStart` runs.
 * The credits issue passes a handler that loads the packages and redirects to the first one's payment_link.
 */
export function TopUpButton({ onStart, className }: { onStart: () => void | Promise<void>; className?: string }) {
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    try {
      await onStart();
    } finally {
      setStarting(false);
    }
  };
  return (
    <Button onClick={() => void start()} loading={starting} icon={<Plus className="size-4" aria-hidden />} className={className}>
      {starting ? 'Loading...' : 'Top Up Credits'}
    </Button>
  );
}
