import { NOTIFICATION_IDENTIFIER_MAX } from '../../../contract/site.ts';

/** The visible words of notification content: tags dropped, entities of the common kind read, accents removed. */
function wordsOf(content: string): string[] {
  const text = content
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, ' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return text.split(/[^a-z0-9]+/).filter(Boolean);
}

/** A local date as YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Spec 3 §5: the identifier suggested from the first three words of the content plus the date, in lowercase
 * alphanumerics and dashes: 'Summer <b>sale</b> today!' on 26 Nov 2026 → 'summer-sale-today-2026-11-26'.
 */
export function suggestIdentifier(content: string, date: Date): string {
  const day = localDay(date);
  const words = wordsOf(content).slice(0, 3).join('-');
  const head = words.slice(0, NOTIFICATION_IDENTIFIER_MAX - day.length - 1).replace(/-+$/, '');
  return head ? `${head}-${day}` : day;
}
