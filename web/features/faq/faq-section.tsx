import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { FAQ_MESSAGES, faqsQueryOptions, type Faq } from './api.ts';

/**
 * The FAQ of a category and language (spec 1 §2 /about): an accordion whose questions are buttons in headings
 * (aria-expanded, aria-controls), so each answer opens and closes by mouse, keyboard or screen reader.
 */
export function FaqSection({ id = 'faq', category = 'all', language = 'en', className }: { id?: string; category?: string; language?: string; className?: string }) {
  const { data, error, isPending } = useQuery(faqsQueryOptions(category, language));
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-24 space-y-4', className)}>
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        Frequently asked questions
      </h2>
      {isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4 text-violet-600" />
          Loading FAQs…
        </p>
      ) : error ? (
        <Alert tone="error">{FAQ_MESSAGES.loadFailed(errorMessage(error))}</Alert>
      ) : data.length === 0 ? (
        <p className="text-slate-600">{FAQ_MESSAGES.empty}</p>
      ) : (
        <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {data.map((faq) => (
            <FaqItem key={faq.id} faq={faq} />
          ))}
        </div>
      )}
    </section>
  );
}

function FaqItem({ faq }: { faq: Faq }) {
  const [open, setOpen] = useState(false);
  const base = useId();
  const buttonId = `${base}-question`;
  const panelId = `${base}-answer`;
  return (
    <div>
      <h3>
        <button
          type="button"
          id={buttonId}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
          className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-violet-600 sm:px-6"
        >
          <span>{faq.question}</span>
          <ChevronDown className={cn('size-5 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open} className="max-w-[70ch] px-5 pb-5 whitespace-pre-line text-slate-700 sm:px-6">
        {faq.answer}
      </div>
    </div>
  );
}
