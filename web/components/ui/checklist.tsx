/** Checkboxes over a fixed list (a key's scopes, an endpoint's events), each with its name and what it means; kept in list order. */
export function Checklist<T extends string>({ legend, options, labels, value, onChange, disabled }: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T[];
  onChange: (next: T[]) => void;
  disabled?: boolean;
}) {
  const toggle = (option: T) => onChange(value.includes(option) ? value.filter((v) => v !== option) : options.filter((o) => o === option || value.includes(o)));
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option} className="flex items-start gap-2.5 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-violet-300 has-[:checked]:bg-violet-50/60">
            <input type="checkbox" checked={value.includes(option)} onChange={() => toggle(option)} className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-violet-600" />
            <span>
              <span className="block font-mono text-xs font-medium text-slate-900">{option}</span>
              <span className="block text-slate-600">{labels[option]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
