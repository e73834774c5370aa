import { useId, useState } from 'react';
import { faqCreateBody, type AdminFaq } from '../../../contract/site.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { inputClasses, TextField } from '../../components/ui/input.tsx';
import { adminWriteError } from './admin-errors.ts';
import { useSaveFaq } from './faq-api.ts';

type Values = { question: string; answer: string; category: string; is_active: boolean };
type Errors = Partial<Record<keyof Values, string>>;

/** The create body's own rules, so a mistake is named before anything is sent. */
export function validateFaq(values: Values): Errors {
  const parsed = faqCreateBody.safeParse(values);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Values;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Add or edit one FAQ entry; the answer is plain text (blank lines separate paragraphs). */
export function FaqForm({ faq, onDone }: { faq: AdminFaq | null; onDone: () => void }) {
  const [values, setValues] = useState<Values>(() => ({
    question: faq?.question ?? '',
    answer: faq?.answer ?? '',
    category: faq?.category ?? 'general',
    is_active: faq?.is_active ?? true,
  }));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveFaq();
  const id = useId();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = () => {
    const found = validateFaq(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate({ id: faq?.id ?? null, body: values }, { onSuccess: onDone });
  };

  return (
    <form
      noValidate
      aria-label={faq ? 'Edit FAQ entry' : 'New FAQ entry'}
      className="space-y-4 rounded-xl border border-violet-200 bg-violet-50/40 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {save.isError && <Alert tone="error">{adminWriteError(save.error, 'Failed to save the FAQ entry')}</Alert>}
      <TextField label="Question" value={values.question} onChange={(e) => set('question', e.target.value)} error={errors.question} required />
      <div>
        <label htmlFor={`${id}-answer`} className="mb-1.5 block text-sm font-medium text-slate-700">
          Answer
        </label>
        <textarea
          id={`${id}-answer`}
          rows={4}
          value={values.answer}
          onChange={(e) => set('answer', e.target.value)}
          className={inputClasses}
          aria-invalid={errors.answer ? true : undefined}
          aria-describedby={`${id}-answer-hint`}
        />
        <p id={`${id}-answer-hint`} className="mt-1.5 text-xs text-slate-500">
          Plain text; a blank line starts a new paragraph.
        </p>
        {errors.answer && <p className="mt-1.5 text-xs text-red-600">{errors.answer}</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Category" value={values.category} onChange={(e) => set('category', e.target.value)} error={errors.category} hint="Lowercase letters, digits and dashes, e.g. credits." />
        <label className="flex items-center gap-2 self-center text-sm text-slate-700">
          <input type="checkbox" checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} className="size-4 accent-violet-600" />
          Shown on the site
        </label>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {faq ? 'Save entry' : 'Add entry'}
        </Button>
      </div>
    </form>
  );
}
