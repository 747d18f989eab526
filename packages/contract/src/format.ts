/**
 * One formatter for each kind of value a screen shows — money, counts, dates, addresses, names —
 * so the same value reads the same everywhere. Screens never build their own.
 */

/**
 * How money rounds to the 2 decimals a screen shows: to the nearest cent, or never up (`floor`,
 * for what has arrived) or never down (`ceil`, for what is still due), so 9.999 received of a
 * 10 fee does not read as "10.00 received".
 */
export type MoneyRounding = 'nearest' | 'floor' | 'ceil';
/** `USDT` follows the amount ("10.00 USDT"); `USD` leads it ("$10.00"); without a unit, the bare amount. */
export type MoneyUnit = 'USD' | 'USDT';

/**
 * Figures are written by hand, as en-US writes them, since making an Intl formatter loads the
 * locale's data: about 20 ms each, and 60-90 ms on a slow phone, in the middle of the first render
 * of a page showing money. Intl remains for what the hand does not write (an exponent, infinity),
 * made on first use.
 */
function madeOnFirstUse<Formatter>(make: () => Formatter): () => Formatter {
  let made: Formatter | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** "1234567" → "1,234,567". */
const withThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * `amount` rounded to `fractionDigits` decimals as Intl.NumberFormat rounds it ("nearest" is its
 * halfExpand), with thousands separators: "1,234.50". Like Intl it rounds the shortest decimal that
 * reads back as the same number (1.005 to 1.01, not the binary 1.00499… to 1.00), and keeps the sign
 * of a negative amount that rounds to zero ("-0.00"). Null for what JavaScript writes with an
 * exponent, NaN or infinity.
 */
function decimalFigure(amount: number, fractionDigits: number, rounding: MoneyRounding): string | null {
  const negative = amount < 0 || Object.is(amount, -0);
  const written = String(Math.abs(amount));
  if (!/^\d+(\.\d+)?$/.test(written)) return null;
  const [whole = '', fraction = ''] = written.split('.');
  const dropped = fraction.slice(fractionDigits);
  const awayFromZero =
    rounding === 'nearest' ? (dropped[0] ?? '0') >= '5' : /[1-9]/.test(dropped) && (rounding === 'ceil') !== negative;
  const units =
    BigInt(whole + fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0')) + (awayFromZero ? 1n : 0n);
  return unitsFigure(units, fractionDigits, negative);
}

/**
 * A whole number of units of 10^-fractionDigits as a decimal with thousands separators:
 * (-123456n, 2) → "-1,234.56"; `negative` signs a magnitude that rounded to zero ("-0.00").
 */
function unitsFigure(units: bigint, fractionDigits: number, negative = units < 0n): string {
  const digits = (units < 0n ? -units : units).toString().padStart(fractionDigits + 1, '0');
  const wholeDigits = withThousands(digits.slice(0, digits.length - fractionDigits));
  return `${negative ? '-' : ''}${wholeDigits}${fractionDigits > 0 ? `.${digits.slice(-fractionDigits)}` : ''}`;
}

const moneyFormats: Record<MoneyRounding, () => Intl.NumberFormat> = {
  nearest: madeOnFirstUse(() => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })),
  floor: madeOnFirstUse(
    () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, roundingMode: 'floor' }),
  ),
  ceil: madeOnFirstUse(
    () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, roundingMode: 'ceil' }),
  ),
};

/** `USDT` follows the figure, `USD` leads it as a dollar sign. */
function withUnit(figure: string, unit: MoneyUnit | undefined): string {
  if (unit === 'USD') return `$${figure}`;
  if (unit === 'USDT') return `${figure} USDT`;
  return figure;
}

/** Money with 2 decimals and thousands separators, e.g. 1,234.50, "1,234.50 USDT" or "$1,234.50". */
export function formatMoney(
  amount: number,
  { unit, rounding = 'nearest' }: { unit?: MoneyUnit; rounding?: MoneyRounding } = {},
): string {
  const figure = decimalFigure(amount, 2, rounding) ?? moneyFormats[rounding]().format(amount);
  return withUnit(figure, unit);
}

/** An amount in USDT, the unit of every balance, reward and withdrawal: "1,234.50 USDT". */
export function formatUsdt(amount: number): string {
  return formatMoney(amount, { unit: 'USDT' });
}

/** Every decimal a reward record carries on the wire (8), and at least the 2 of money. */
const exactFormat = madeOnFirstUse(
  () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 8 }),
);

/**
 * A reward record's amount: money with 2 decimals, except a reward under one cent, which shows
 * its exact value ("0.0043 USDT") rather than "0.00" or a cent it never was.
 */
export function formatRewardAmount(amount: number, { unit }: { unit?: MoneyUnit } = {}): string {
  if (amount === 0 || Math.abs(amount) >= 0.01) return formatMoney(amount, { unit });
  return withUnit(exactFormat().format(amount), unit);
}

/** Whole numbers with thousands separators, for a count the hand does not write. */
const wholeNumberFormat = madeOnFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));

/** An exact amount in cents (any size) as money, e.g. 1234567n → "12,345.67 USDT"; no float involved. */
export function formatCents(amountInCents: bigint, { unit }: { unit?: MoneyUnit } = {}): string {
  return withUnit(unitsFigure(amountInCents, 2), unit);
}

/**
 * A number of things with thousands separators, e.g. 12,345; given the noun's singular and
 * plural, with the noun: "1 descendant", "12,345 descendants".
 */
export function formatCount(count: number | bigint, noun?: readonly [singular: string, plural: string]): string {
  const figure =
    typeof count === 'bigint'
      ? unitsFigure(count, 0)
      : (decimalFigure(count, 0, 'nearest') ?? wholeNumberFormat().format(count));
  return noun ? `${figure} ${count === 1 || count === 1n ? noun[0] : noun[1]}` : figure;
}

/** A conversion as a screen shows it: "40%", "<1%", or "—" without a step before. */
export function formatConversion(conversion: number | null): string {
  if (conversion === null) return '—';
  if (conversion > 0 && conversion < 0.01) return '<1%';
  return `${Math.round(conversion * 100)}%`;
}

/** Days and moments are written by hand too, as en-US writes them. */
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "Mar 5, 2026", in the local time zone. */
function dayOf(date: Date): string {
  return `${monthNames[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** The date `value` names, or null when it names none (missing, or not a date). */
function dateOf(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar day, e.g. "Mar 5, 2026"; a missing or unreadable date reads '-'. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = dateOf(value);
  return date ? dayOf(date) : '-';
}

/** A moment, e.g. "Mar 5, 2026, 09:30 AM"; a missing or unreadable one reads '-'. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = dateOf(value);
  if (!date) return '-';
  const hours = date.getHours();
  return `${dayOf(date)}, ${twoDigits(hours % 12 || 12)}:${twoDigits(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A blockchain address where the whole one is a click away: its first 6 and last 4 characters. */
export function shortenAddress(address: string): string {
  return address.length <= 13 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/** A wallet address in an admin list: its first 10 and last 6 characters (spec 9). */
export function shortenAdminWallet(address: string): string {
  return address.length <= 19 ? address : `${address.slice(0, 10)}...${address.slice(-6)}`;
}

/** A transaction hash shortened for tables, e.g. 0x12ab34cd56...9f0e (10 first and 4 last characters). */
export function shortenHash(hash: string): string {
  return hash.length <= 17 ? hash : `${hash.slice(0, 10)}...${hash.slice(-4)}`;
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
