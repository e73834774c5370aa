import { Coins } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CapNote, ShortfallNote, useCreditShortfall } from './credit-shortfall.tsx';
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
 * spec 3 §2), and steps aside once the end of the tool (the footer is next) is on screen; `sticky={false}` leaves it
 * out where the tool's layout keeps the button in view.
 *
 * When the cost is more than the available balance the button says so before the click: it reads 'Not enough
 * credits', is styled apart from a ready button, and opens the Insufficient Credits dialog, with the figures and a
 * Top up link beside it. A free preview is never short. When the cost would pass the monthly spending cap the user set,
 * the button is disabled and the note under it says so, with the day the cap resets.
 */
export function PaidButton({ label, icon, onClick, generating, disabled, cost, validation, endOfTool, sticky = true }: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  generating: boolean;
  disabled: boolean;
  /** required_credits of the prediction, when known. */
  cost: string | null;
  validation: string | null;
  endOfTool?: RefObject<HTMLElement | null>;
  sticky?: boolean;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const buttonInView = useInView(sticky ? anchor : undefined);
  const endInView = useInView(sticky ? endOfTool : undefined);
  const outOfView = buttonInView === false && endInView !== true;
  useStickyBarMark(outOfView);
  const noteId = useId();
  const { shortfall, capped, topUp } = useCreditShortfall(cost);
  const short = !!shortfall && !generating;
  const overCap = generating ? null : capped;

  const button = (isSticky: boolean) =>
    short ? (
      // Not disabled: topping up is always possible, whatever else the form still lacks.
      <Button
        size="lg"
        variant="outline"
        className="w-full border-amber-300 bg-amber-50 text-amber-950 hover:bg-amber-100"
        onClick={topUp}
        icon={<Coins className="size-5" aria-hidden />}
        aria-describedby={noteId}
        data-sticky={isSticky || undefined}
        data-shortfall
      >
        Not enough credits<span className="sr-only"> to {label}</span>
        {cost && <CostPill cost={cost} tone="shortfall" />}
      </Button>
    ) : (
      <Button
        size="lg"
        className="w-full"
        onClick={onClick}
        loading={generating}
        disabled={disabled || !!overCap}
        icon={icon}
        aria-describedby={overCap ? noteId : undefined}
        data-sticky={isSticky || undefined}
      >
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
        {short && <ShortfallNote id={noteId} shortfall={shortfall} onTopUp={topUp} />}
        {overCap && <CapNote id={noteId} capped={overCap} />}
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

/**
 * While a sticky copy of a paid button is shown at the bottom of the screen, the body says so
 * (`data-sticky-action`, counted), so what else sits at the bottom (the running-generations panel) moves above it.
 */
function useStickyBarMark(shown: boolean): void {
  useEffect(() => {
    if (!shown) return;
    const body = document.body;
    body.dataset.stickyAction = String(Number(body.dataset.stickyAction ?? 0) + 1);
    return () => {
      const left = Number(body.dataset.stickyAction ?? 1) - 1;
      if (left > 0) body.dataset.stickyAction = String(left);
      else delete body.dataset.stickyAction;
    };
  }, [shown]);
}
