import { Wand2 } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { costLabel } from '../ai-shared/engine-note.tsx';

/** Whether the element is in the viewport (null until known, or where IntersectionObserver is missing). */
function useInView(ref: RefObject<HTMLElement | null> | undefined): boolean | null {
  const [inView, setInView] = useState<boolean | null>(null);
  useEffect(() => {
    const el = ref?.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(!!entry?.isIntersecting));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}

/**
 * Morph Image with the predicted cost; 'Generating...' while it runs. A sticky copy sits at the bottom of the window
 * whenever the button itself is scrolled out of view (spec 2 §2).
 */
export function MorphButton({ onClick, generating, disabled, cost, validation, endOfTool }: {
  onClick: () => void;
  generating: boolean;
  disabled: boolean;
  /** required_credits of the prediction, when known. */
  cost: string | null;
  validation: string | null;
  /** The end of the tool's content: once it is on screen (the footer is next) the sticky copy steps aside. */
  endOfTool?: RefObject<HTMLElement | null>;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const buttonInView = useInView(anchor);
  const endInView = useInView(endOfTool);
  const outOfView = buttonInView === false && endInView !== true;

  const button = (sticky: boolean) => (
    <Button
      size="lg"
      className="w-full"
      onClick={onClick}
      loading={generating}
      disabled={disabled}
      icon={<Wand2 className="size-5" aria-hidden />}
      data-sticky={sticky || undefined}
    >
      {generating ? 'Generating...' : 'Morph Image'}
      {!generating && cost && (
        <span className="ml-1 rounded-full bg-white/20 px-2.5 py-0.5 text-sm font-semibold tabular-nums">{costLabel(cost)}</span>
      )}
    </Button>
  );

  return (
    <>
      <div ref={anchor} className="space-y-3">
        {button(false)}
        {validation && <Alert tone="error">{validation}</Alert>}
      </div>
      {outOfView && (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur">
          <div className="mx-auto max-w-md">{button(true)}</div>
        </div>
      )}
    </>
  );
}
