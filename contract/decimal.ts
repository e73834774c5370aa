/**
 * Exact decimal arithmetic (shared by server and browser) for credits and money: values are strings on the wire and `numeric` in the
 * database; here they are BigInt counts of 1/10000 (four decimal places). Never floats.
 */
export const SCALE = 4;
const FACTOR = 10n ** BigInt(SCALE);
const PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

export type Units = bigint;

export function toUnits(value: string | number | bigint): Units {
  if (typeof value === 'bigint') return value * FACTOR;
  const text = typeof value === 'number' ? numberToText(value) : value.trim();
  const m = PATTERN.exec(text);
  if (!m) throw new RangeError(`not a decimal: ${JSON.stringify(value)}`);
  const [, sign, whole, frac = ''] = m;
  if (frac.length > SCALE && /[1-9]/.test(frac.slice(SCALE))) {
    throw new RangeError(`more than ${SCALE} decimal places: ${text}`);
  }
  const units = BigInt(whole!) * FACTOR + BigInt((frac + '0'.repeat(SCALE)).slice(0, SCALE));
  return sign ? -units : units;
}

function numberToText(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  return n.toFixed(SCALE);
}

/** Formats units with `places` decimals (default 4), rounding half away from zero. */
export function fromUnits(units: Units, places = SCALE): string {
  const negative = units < 0n;
  let abs = negative ? -units : units;
  if (places < SCALE) {
    const step = 10n ** BigInt(SCALE - places);
    abs = ((abs + step / 2n) / step) * step;
  }
  const whole = abs / FACTOR;
  const frac = (abs % FACTOR).toString().padStart(SCALE, '0').slice(0, places);
  const text = places > 0 ? `${whole}.${frac}` : `${whole}`;
  return negative && abs !== 0n ? `-${text}` : text;
}

/** A decimal string ('12.5') or a number (read to 4 places). */
export type DecimalInput = string | number;

/** Normalises any decimal to 4 places: '5' → '5.0000'. */
export const normalize = (value: DecimalInput) => fromUnits(toUnits(value));
export const add = (a: DecimalInput, b: DecimalInput) => fromUnits(toUnits(a) + toUnits(b));
export const sub = (a: DecimalInput, b: DecimalInput) => fromUnits(toUnits(a) - toUnits(b));
export const cmp = (a: DecimalInput, b: DecimalInput) => {
  const d = toUnits(a) - toUnits(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};
export const max0 = (a: DecimalInput) => (toUnits(a) < 0n ? fromUnits(0n) : normalize(a));
export const min = (a: DecimalInput, b: DecimalInput) => (cmp(a, b) <= 0 ? normalize(a) : normalize(b));

/**
 * For display: `places` decimals (default 2), rounding half away from zero: toFixed('12.345') → '12.35'.
 * A missing value (null, undefined, '') reads 0.
 */
export function toFixed(value: DecimalInput | null | undefined, places = 2): string {
  return fromUnits(value === null || value === undefined || value === '' ? 0n : toUnits(value), places);
}

/** a × b, both decimals, rounded half away from zero to 4 places. */
export function mul(a: string, b: string): string {
  const product = toUnits(a) * toUnits(b);
  const half = FACTOR / 2n;
  const rounded = product >= 0n ? (product + half) / FACTOR : -((-product + half) / FACTOR);
  return fromUnits(rounded);
}

/** Cents (integer) to a dollar string: 2000 → '20.0000'. */
export const fromCents = (cents: number) => fromUnits(BigInt(Math.round(cents)) * 100n);
