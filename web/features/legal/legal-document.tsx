/** The one layout of the legal pages: title, last-updated date, a table of contents and numbered sections. */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Page } from '../../components/ui/page.tsx';
import { LEGAL_LAST_UPDATED } from './operator.ts';

export interface LegalSection {
  /** The section's element id, the table of contents' link target (/legal/terms#credits). */
  id: string;
  title: string;
  body: ReactNode;
}

const dateLabel = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  const { hash } = useLocation();
  // The router scrolls when the hash changes; a link to the hash already in the address scrolls here instead.
  const again = (id: string) => () => {
    if (hash === `#${id}`) document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <Page
      title={title}
      description={
        <>
          Last updated <time dateTime={LEGAL_LAST_UPDATED}>{dateLabel(LEGAL_LAST_UPDATED)}</time>
        </>
      }
    >
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-12">
        <nav aria-label="Table of contents" className="mb-10 rounded-2xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-24 lg:mb-0">
          <p className="text-sm font-semibold text-slate-900">On this page</p>
          <ol className="mt-3 gap-8 text-sm sm:columns-2 lg:columns-1">
            {sections.map((section, index) => (
              <li key={section.id} className="break-inside-avoid">
                <Link
                  to={{ hash: section.id }}
                  onClick={again(section.id)}
                  className="flex gap-2 rounded-md py-1 text-slate-700 hover:text-violet-700 hover:underline focus-visible:outline-2 focus-visible:outline-violet-600"
                >
                  <span className="w-5 shrink-0 text-right tabular-nums text-slate-500">{index + 1}.</span>
                  <span>{section.title}</span>
                </Link>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-[70ch] text-base leading-7 text-slate-700">
          <div className="space-y-4">{intro}</div>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-24 space-y-4">
              <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </article>
      </div>
    </Page>
  );
}

// --- Building blocks of the texts, so both read alike ---

export const P = ({ children }: { children: ReactNode }) => <p>{children}</p>;

export function List({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-slate-400">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

export const Term = ({ children }: { children: ReactNode }) => <strong className="font-semibold text-slate-900">{children}</strong>;

export function MailLink({ to }: { to: string }) {
  return (
    <a href={`mailto:${to}`} className="font-medium text-violet-700 underline underline-offset-2 hover:text-violet-800">
      {to}
    </a>
  );
}

export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-violet-700 underline underline-offset-2 hover:text-violet-800">
      {children}
    </Link>
  );
}
