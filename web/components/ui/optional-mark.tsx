/**
 * '(optional)' after a field's label. Slate-600, 7.6:1 on white: the lighter greys it had been drawn in measured as
 * low as 2.6:1, under WCAG AA's 4.5:1 for text (issue 12).
 */
export function OptionalMark() {
  return <span className="font-normal text-slate-600">(optional)</span>;
}
