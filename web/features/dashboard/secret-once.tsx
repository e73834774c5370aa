import { useId, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { inputClasses } from '../../components/ui/input.tsx';

/** A secret the server shows once (an API key, a webhook's signing secret): read-only, selectable, with Copy. */
export function SecretOnce({ heading, label, secret, onDone }: { heading: ReactNode; label: string; secret: string; onDone: () => void }) {
  const id = useId();
  return (
    <Alert tone="success" className="mb-5">
      <p className="font-medium">{heading}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input id={id} readOnly value={secret} onFocus={(event) => event.currentTarget.select()} className={`${inputClasses} min-w-0 basis-full font-mono text-xs sm:basis-0 sm:flex-1`} />
        <CopyButton text={secret} />
        <Button variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </Alert>
  );
}
