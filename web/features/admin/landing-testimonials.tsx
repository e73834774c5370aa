import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { testimonialsBody, TESTIMONIALS_MAX, type Testimonial } from '../../../contract/site.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { inputClasses, TextField } from '../../components/ui/input.tsx';
import { adminWriteError } from './admin-errors.ts';
import { useSaveTestimonials } from './faq-api.ts';

const blank = (): Testimonial => ({ name: '', role: '', quote: '' });

/** `{ '0.name': 'Too small…' }` from the body's own rules, so each row's mistake is named before sending. */
export function testimonialErrors(list: Testimonial[]): Record<string, string> {
  const parsed = testimonialsBody.safeParse({ testimonials: list });
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.slice(1).join('.') || 'list';
    errors[key] ??= issue.path.at(-1) === 'name' ? 'Name is required' : issue.path.at(-1) === 'quote' ? 'Quote is required (up to 600 characters)' : issue.message;
  }
  return errors;
}

function QuoteField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        Quote
      </label>
      <textarea id={id} rows={2} value={value} onChange={(e) => onChange(e.target.value)} className={inputClasses} aria-invalid={error ? true : undefined} />
      {error && <p className="mt-1.5 text-xs text-red-600">{error}</p>}
    </div>
  );
}

/** The landing page's testimonials: name, role and quote per row, saved together (hidden on the page while empty). */
export function TestimonialsEditor({ initial }: { initial: Testimonial[] }) {
  const [list, setList] = useState<Testimonial[]>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveTestimonials();
  const update = (index: number, patch: Partial<Testimonial>) => {
    setSaved(false);
    setList((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  };

  const submit = () => {
    const found = testimonialErrors(list);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate({ testimonials: list }, { onSuccess: (answer) => (setList(answer), setSaved(true)) });
  };

  return (
    <section aria-labelledby="testimonials-heading" className="space-y-4">
      <h3 id="testimonials-heading" className="text-sm font-semibold text-slate-900">
        Testimonials
      </h3>
      {list.length === 0 && <p className="text-sm text-slate-600">None: the section is hidden on the landing page.</p>}
      <ol className="space-y-4">
        {list.map((row, index) => (
          <li key={index} className="space-y-3 rounded-xl border border-slate-200 p-4" aria-label={`Testimonial ${index + 1}`}>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label="Name" value={row.name} onChange={(e) => update(index, { name: e.target.value })} error={errors[`${index}.name`]} />
              <TextField label="Role" value={row.role} onChange={(e) => update(index, { role: e.target.value })} error={errors[`${index}.role`]} />
            </div>
            <QuoteField value={row.quote} onChange={(quote) => update(index, { quote })} error={errors[`${index}.quote`]} />
            <Button
              variant="ghost"
              size="sm"
              icon={<Trash2 className="size-4" aria-hidden />}
              className="text-red-700 hover:bg-red-50"
              onClick={() => {
                setSaved(false);
                setList((rows) => rows.filter((_, i) => i !== index));
              }}
            >
              Remove testimonial {index + 1}
            </Button>
          </li>
        ))}
      </ol>
      {save.isError && <Alert tone="error">{adminWriteError(save.error, 'Failed to save the testimonials')}</Alert>}
      {saved && <Alert tone="success">Testimonials saved.</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" icon={<Plus className="size-4" aria-hidden />} disabled={list.length >= TESTIMONIALS_MAX} onClick={() => setList((rows) => [...rows, blank()])}>
          Add testimonial
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save testimonials
        </Button>
      </div>
    </section>
  );
}
