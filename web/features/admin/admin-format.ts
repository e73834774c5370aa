/** Counts on the admin screens: 999, 1.2K, 12K, 3.4M (spec 3 §2). */
export function formatCount(value: number | string): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(n)) return '—';
  const abs = Math.abs(n);
  const short = (x: number, unit: string) => `${Number(x.toFixed(x < 10 ? 1 : 0))}${unit}`;
  if (abs >= 1_000_000) return `${n < 0 ? '-' : ''}${short(abs / 1_000_000, 'M')}`;
  if (abs >= 1_000) return `${n < 0 ? '-' : ''}${short(abs / 1_000, 'K')}`;
  return String(Number(n.toFixed(2)));
}

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** 'Nov 26, 2026, 3:04 PM'; '—' for a missing or bad date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}
