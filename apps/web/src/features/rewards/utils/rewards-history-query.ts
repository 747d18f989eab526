import { referralLevels, rewardsPageSizes } from '@uplink/contract/constants';
import type { memberRewardsQuerySchema } from '@uplink/contract/member-rewards';
import { rewardSorts, rewardTypes } from '@uplink/contract/reward-kinds';
import type { z } from 'zod';

/** The rewards history's filters, as the page keeps them in its URL: the API's own query. */
export type RewardsHistoryFilters = z.output<typeof memberRewardsQuerySchema>;
type Field = keyof RewardsHistoryFilters;

/** Every filter at the API's default: page 1, 10 per page, newest first, all types and levels. */
export const defaultRewardsHistoryFilters: RewardsHistoryFilters = {
  page: 1,
  limit: rewardsPageSizes[0],
  sort: '-createdAt',
};

/** An integer in a query string as the API reads one (`queryInteger`): decimal digits, nothing else. */
const queryInteger = (value: string) => (/^-?\d{1,16}$/.test(value) ? Number(value) : null);
const within = (value: number | null, min: number, max: number) =>
  value !== null && value >= min && value <= max ? value : undefined;
const oneOf = <const Values extends readonly string[]>(values: Values, value: string) =>
  (values as readonly string[]).includes(value) ? (value as Values[number]) : undefined;

/**
 * Each filter's rule, the same as the API's (`memberRewardsQuerySchema`, which the tests hold this
 * to): the value read, or undefined when the API would refuse it. Written out here so the rewards
 * page loads no zod before it renders.
 */
const readers: { [Key in Field]-?: (value: string) => RewardsHistoryFilters[Key] | undefined } = {
  page: (value) => within(queryInteger(value), 1, 1_000_000),
  limit: (value) => {
    const limit = queryInteger(value);
    return limit !== null && (rewardsPageSizes as readonly number[]).includes(limit) ? limit : undefined;
  },
  type: (value) => oneOf(rewardTypes, value),
  level: (value) => within(queryInteger(value), 1, referralLevels),
  sort: (value) => oneOf(rewardSorts, value),
};
const fields = Object.keys(readers) as Field[];

/**
 * Reads the filters from a URL's query, each with the API's own rule for it, so the page never
 * asks for what the API would refuse: a value it would refuse falls back to the default.
 */
export function readRewardsHistoryFilters(params: URLSearchParams): RewardsHistoryFilters {
  const filters: RewardsHistoryFilters = { ...defaultRewardsHistoryFilters };
  for (const key of fields) {
    const value = params.get(key);
    const read = value === null ? undefined : readers[key](value);
    if (read !== undefined) Object.assign(filters, { [key]: read });
  }
  return filters;
}

/** The URL query of the filters: defaults are left out, so the plain page has a plain URL. */
export function writeRewardsHistoryFilters(filters: RewardsHistoryFilters, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of fields) {
    const value = filters[key];
    if (value === undefined || value === defaultRewardsHistoryFilters[key]) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
