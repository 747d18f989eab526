/** One formatter for each kind of value; every screen uses these. */
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatDate(value: string | Date | null | undefined): string {
  return value ? dateFormat.format(toDate(value)) : '-';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? dateTimeFormat.format(toDate(value)) : '-';
}

/** Money with 2 decimals, e.g. 1,234.50. */
export function formatMoney(value: number | string | null | undefined): string {
  return moneyFormat.format(Number(value ?? 0));
}

export function formatUsd(value: number | string | null | undefined): string {
  return `$${formatMoney(value)}`;
}

export function formatUsdt(value: number | string | null | undefined): string {
  return `${formatMoney(value)} USDT`;
}

function shorten(value: string, head: number, tail: number): string {
  return value.length <= head + tail + 3 ? value : `${value.slice(0, head)}...${value.slice(-tail)}`;
}

/** Addresses in member lists: first 6 and last 4 characters. */
export const shortenAddress = (address: string) => shorten(address, 6, 4);
/** Transaction hashes: first 10 and last 4 characters. */
export const shortenHash = (hash: string) => shorten(hash, 10, 4);
/** Wallets in admin lists: first 10 and last 6 characters. */
export const shortenAdminWallet = (address: string) => shorten(address, 10, 6);

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
