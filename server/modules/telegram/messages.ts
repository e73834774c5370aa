import { TELEGRAM_MESSAGE_LIMIT } from '../../../contract/telegram.ts';

/**
 * Splits a text into Telegram messages of at most `limit` characters: on paragraph boundaries, then lines, then
 * words, and only as a last resort inside a word. Nothing is lost or reordered.
 */
export function splitMessage(text: string, limit = TELEGRAM_MESSAGE_LIMIT): string[] {
  const chars = (s: string) => [...s].length;
  if (chars(text) <= limit) return text ? [text] : [];
  const out: string[] = [];
  const pushPieces = (piece: string, separators: string[]) => {
    if (chars(piece) <= limit) return out.push(piece);
    const [sep, ...rest] = separators;
    if (sep === undefined) {
      const all = [...piece];
      for (let i = 0; i < all.length; i += limit) out.push(all.slice(i, i + limit).join(''));
      return;
    }
    let current = '';
    for (const part of piece.split(sep)) {
      const candidate = current ? current + sep + part : part;
      if (chars(candidate) <= limit) current = candidate;
      else {
        if (current) out.push(current);
        if (chars(part) <= limit) current = part;
        else {
          pushPieces(part, rest);
          current = '';
        }
      }
    }
    if (current) out.push(current);
  };
  pushPieces(text, ['\n\n', '\n', ' ']);
  return out.filter((m) => m.trim().length > 0);
}

/** a***@example.com: enough for the owner to recognise the account, nothing for anyone reading over a shoulder. */
export function maskEmail(email: string): string {
  const [name, domain] = email.split('@');
  return `${name!.slice(0, 1)}***@${domain ?? ''}`;
}
