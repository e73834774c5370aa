/** A cell a spreadsheet reads as a plain number, left as it is (a negative amount keeps its minus). */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** How a formula can start: =, +, -, @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV as RFC 4180 writes it: fields with a comma, quote, line break or edge space are quoted, quotes doubled, rows
 * end in CRLF. A text cell a spreadsheet could run as a formula (one starting with =, +, -, @, a tab or CR that is
 * not entirely a number, such as `-2+3+cmd|' /C calc'!A0`) gets a leading apostrophe, so opening the export never
 * executes a name or description someone typed. Every CSV the app writes goes through here.
 */
export function csvField(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: ReadonlyArray<Parameters<typeof csvField>[0]>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
