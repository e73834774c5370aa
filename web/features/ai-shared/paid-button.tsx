import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CostPill } from './engine-note.tsx';

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
 * A paid tool's main button with its predicted cost ('Generating...' while it runs) and the validation message under
 * it. A sticky copy sits at the bottom of the window whenever the button itself is scrolled out of view (spec 2 §2,
 * spec 3 §2), and steps aside once the end of the tool (the footer is next) is on screen.
 */
export function PaidButton({ label, icon, onClick, generating, disabled, cost, validation, endOfTool }: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  generating: boolean;
  disabled: boolean;
  /** required_credits of the prediction, when known. */
  cost: string | null;
  validation: string | null;
  endOfTool?: RefObject<HTMLElement | null>;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const buttonInView = useInView(anchor);
  const endInView = useInView(endOfTool);
  const outOfView = buttonInView === false && endInView !== true;

  const button = (sticky: boolean) => (
    <Button size="lg" className="w-full" onClick={onClick} loading={generating} disabled={disabled} icon={icon} data-sticky={sticky || undefined}>
      {generating ? 'Generating...' : label}
      {!generating && cost && <CostPill cost={cost} />}
    </Button>
  );

  // One root: a fragment would make the sticky copy a sibling in the caller's space-y stack, and the button would
  // gain a margin (and everything under it jump) each time the copy appears.
  return (
    <div>
      <div ref={anchor} className="space-y-3">
        {button(false)}
        {validation && <Alert tone="error">{validation}</Alert>}
      </div>
      {outOfView && (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur">
          <div className="mx-auto max-w-md">{button(true)}</div>
        </div>
      )}
    </div>
  );
}
