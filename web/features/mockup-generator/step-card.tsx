import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card.tsx';

/** One numbered step of the mockup generator. */
export function StepCard({ step, title, description, children }: { step: number; title: string; description?: string; children: ReactNode }) {
  const id = `mockup-step-${step}`;
  return (
    <Card aria-labelledby={id} className="p-5 sm:p-6">
      <div className="mb-4 flex items-start gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-violet-600 text-sm font-bold text-white" aria-hidden>
          {step}
        </span>
        <div className="min-w-0">
          <h2 id={id} className="text-base font-semibold text-slate-900">
            <span className="sr-only">Step {step}: </span>
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
        </div>
      </div>
      {children}
    </Card>
  );
}
