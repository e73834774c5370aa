import type { ReactNode } from 'react';

/** A landing-page section: a heading (and an optional line under it) over its content, labelled by the heading. */
export function Section({ id, title, intro, children, className }: { id: string; title: string; intro?: string; children: ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={className ?? 'mx-auto w-full max-w-6xl px-4 py-16 sm:px-6'}>
      <div className="mb-8 max-w-2xl">
        <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {intro && <p className="mt-2 text-slate-600">{intro}</p>}
      </div>
      {children}
    </section>
  );
}
