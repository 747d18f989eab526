import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { toWireMoney, wireMoneySchema } from './money';

/**
 * How exact rewards became whole-cent credits (DESIGN.md section 5). A reward row is exact (up to
 * 8 decimals); every credit books the cents of its exact sum plus what was carried before, and
 * carries the rest. So, for one member or for all of them, to the last decimal:
 *
 *   Σ exact rewards = credited (Total Earned) + locked + forfeited + carried
 *
 * where credited, locked and forfeited are ledger totals (whole cents) and carried is what waits,
 * under a cent per member, for the next credit. Rows shown rounded to the cent beside a total are
 * explained by one line built from these same figures (`rewardFiguresNote`), never by fixed text.
 */
export const rewardFiguresSchema = z.object({
  /** Σ of the reward rows, exact. */
  exact: wireMoneySchema,
  /** Credits posted: Total Earned. */
  credited: wireMoneySchema,
  /** Credits locked until compliance returns. */
  locked: wireMoneySchema,
  /** Locked credits that were forfeited. */
  forfeited: wireMoneySchema,
  /** The remainder under a cent (per member) carried to the next credit. */
  carried: wireMoneySchema,
  /** The line a screen or file shows beside rounded rows, written by the server from these figures. */
  note: z.string(),
});
export type RewardFigures = z.infer<typeof rewardFiguresSchema>;

/** The ledger's totals as NUMERIC strings; `exact` follows from them. */
export interface RewardLedgerTotals {
  credited: string;
  locked: string;
  forfeited: string;
  carried: string;
}

/** Whose next credit the carried remainder goes to, as the line names it. */
export type CarryOwner = 'member' | 'administrator' | 'members';

const carriedTo: Record<CarryOwner, string> = {
  member: 'carried to your next credit',
  administrator: "carried to the member's next credit",
  members: "carried to the members' next credits",
};

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * An amount exactly as it is, with at least the 2 decimals of money and thousands separators:
 * 36.6047 → "36.6047", 36.6 → "36.60", 1234.5 → "1,234.50". Decimal arithmetic only.
 */
export function formatExactAmount(amount: Decimal.Value): string {
  const value = new Decimal(amount);
  const text = value.abs().toFixed(Math.max(2, value.decimalPlaces()));
  const [units = '0', decimals = ''] = text.split('.');
  return `${value.isNegative() && !value.isZero() ? '-' : ''}${grouping.format(BigInt(units))}.${decimals}`;
}

/** The exact sum the ledger's totals account for. */
export function exactRewardsOf(totals: RewardLedgerTotals): Decimal {
  return new Decimal(totals.credited).plus(totals.locked).plus(totals.forfeited).plus(totals.carried);
}

/**
 * "Rows are rounded to the cent. Exact sum 36.6047 USDT: 36.60 credited, 0.0047 carried to your
 * next credit." Locked and forfeited credits are named when there are any, so the parts always add
 * up to the exact sum. Given the sum of the rows each rounded to the cent (`roundedRows`), a sum
 * that differs from the cents booked is named first: "The rows, each rounded to the cent, add to
 * 52.22 USDT. Exact sum 52.2312 USDT: 52.23 credited, …".
 */
export function rewardFiguresNote(totals: RewardLedgerTotals, owner: CarryOwner, roundedRows?: Decimal.Value): string {
  const parts = [`${formatExactAmount(totals.credited)} credited`];
  if (!new Decimal(totals.locked).isZero()) parts.push(`${formatExactAmount(totals.locked)} locked`);
  if (!new Decimal(totals.forfeited).isZero()) parts.push(`${formatExactAmount(totals.forfeited)} forfeited`);
  parts.push(`${formatExactAmount(totals.carried)} ${carriedTo[owner]}`);
  const booked = new Decimal(totals.credited).plus(totals.locked).plus(totals.forfeited);
  const rounding =
    roundedRows !== undefined && !booked.equals(roundedRows)
      ? `The rows, each rounded to the cent, add to ${formatExactAmount(roundedRows)} USDT.`
      : 'Rows are rounded to the cent.';
  return `${rounding} Exact sum ${formatExactAmount(exactRewardsOf(totals))} USDT: ${parts.join(', ')}.`;
}

/**
 * A filtered list's line: the exact sum of the rewards that match. Credits, locks and carries are
 * kept per member and cycle, not per reward, so only the whole list is set against them.
 */
export function matchingRewardsNote(exact: Decimal.Value, count: number): string {
  return `Rows are rounded to the cent. Exact sum of the ${grouping.format(count)} matching ${count === 1 ? 'reward' : 'rewards'}: ${formatExactAmount(exact)} USDT.`;
}

/** The figures on the wire, with their line. */
export function toRewardFigures(
  totals: RewardLedgerTotals,
  owner: CarryOwner,
  roundedRows?: Decimal.Value,
): RewardFigures {
  return {
    exact: toWireMoney(exactRewardsOf(totals)),
    credited: toWireMoney(totals.credited),
    locked: toWireMoney(totals.locked),
    forfeited: toWireMoney(totals.forfeited),
    carried: toWireMoney(totals.carried),
    note: rewardFiguresNote(totals, owner, roundedRows),
  };
}
