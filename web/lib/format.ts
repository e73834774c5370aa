const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

/** Gigabytes with up to 2 decimals: 0, 0.25, 10. */
export function formatGb(value: number): string {
  return `${Number.isFinite(value) ? Number(value.toFixed(2)) : 0} GB`;
}
