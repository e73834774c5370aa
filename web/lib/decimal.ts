/**
 * Exact arithmetic on the decimal strings the API uses for money and credits ("12.50"), without floats.
 * Values are held as a BigInt of units at a given scale (digits after the point).
 */
interface Scaled {
  units: bigint;
  scale: number;
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

function parse(value: string | number): Scaled {
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match || (!match[2] && !match[3])) return { units: 0n, scale: 0 };
  const [, sign, whole = '', fraction = ''] = match;
  const units = BigInt(`${whole || '0'}${fraction}`);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) return '0';
  // Up to 10 decimals is plenty for prices and credits; trims float noise like 0.30000000000000004.
  return n.toFixed(10).replace(/\.?0+$/, '');
}

function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative && units !== 0n ? '-' : ''}${whole}${fraction}`;
}

function binary(a: string | number, b: string | number, op: (x: bigint, y: bigint) => bigint): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return format(op(rescale(x, scale), rescale(y, scale)), scale);
}

export const addDecimal = (a: string | number, b: string | number) => binary(a, b, (x, y) => x + y);
export const subtractDecimal = (a: string | number, b: string | number) => binary(a, b, (x, y) => x - y);

/** -1, 0 or 1. */
export function compareDecimal(a: string | number, b: string | number): number {
  const diff = parse(subtractDecimal(a, b)).units;
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}

/** The larger of the value and zero. */
export function clampAtZero(value: string): string {
  return compareDecimal(value, 0) < 0 ? format(0n, parse(value).scale) : value;
}

/** Rounds half away from zero to `decimals` places: fixedDecimal('12.345', 2) === '12.35'. Missing values read 0. */
export function fixedDecimal(value: string | number | null | undefined, decimals = 2): string {
  const parsed = parse(value ?? '0');
  if (parsed.scale <= decimals) return format(rescale(parsed, decimals), decimals);
  const divisor = 10n ** BigInt(parsed.scale - decimals);
  const negative = parsed.units < 0n;
  const abs = negative ? -parsed.units : parsed.units;
  let rounded = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) rounded += 1n;
  return format(negative ? -rounded : rounded, decimals);
}
