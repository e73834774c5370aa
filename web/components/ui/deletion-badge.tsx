import { Clock } from 'lucide-react';
import { DELETION_WARNING_DAYS, deletionBadgeColor } from '../../../contract/files.ts';
import { cn } from './cn.ts';

const COLORS = {
  red: 'bg-red-600 text-white',
  orange: 'bg-orange-500 text-white',
  yellow: 'bg-yellow-300 text-yellow-950',
} as const;

export function deletionLabel(days: number): string {
  if (days <= 0) return 'Deletes today';
  return days === 1 ? '1 day left' : `${days} days left`;
}

/** 'Deletes in 23 days': the countdown as a line of text, for items not yet close enough for the badge. */
export function deletesIn(days: number): string {
  if (days <= 0) return 'Deletes today';
  return days === 1 ? 'Deletes in 1 day' : `Deletes in ${days} days`;
}

/**
 * The deletion countdown (spec 2 §4): shown for items 7 or fewer days from deletion;
 * 1 day or less red, 3 or less orange, otherwise yellow.
 */
export function DeletionBadge({ days, className }: { days: number | null; className?: string }) {
  if (days === null || days > DELETION_WARNING_DAYS) return null;
  const color = deletionBadgeColor(days);
  return (
    <span
      data-color={color}
      title={`Deleted automatically in ${days <= 0 ? 'less than a day' : deletionLabel(days).replace(' left', '')}`}
      className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold shadow-sm', COLORS[color], className)}
    >
      <Clock className="size-3" aria-hidden />
      {deletionLabel(days)}
    </span>
  );
}
