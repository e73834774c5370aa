/**
 * CSV as RFC 4180 writes it: fields with a comma, quote, line break or edge space are quoted, quotes doubled, rows
 * end in CRLF. A text cell a spreadsheet would run as a formula (=, +, @, a tab or CR, or a minus not starting a
 * number) gets a leading apostrophe, so opening the export never executes a description someone typed.
 */
export function csvField(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && (/^[=+@\t\r]/.test(text) || /^-(?!\d)/.test(text))) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: ReadonlyArray<Parameters<typeof csvField>[0]>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
