import { memberRewardsQuerySchema } from '@uplink/contract/member-rewards';
import type { z } from 'zod';

/** The rewards history's filters, as the page keeps them in its URL: the API's own query. */
export type RewardsHistoryFilters = z.output<typeof memberRewardsQuerySchema>;

const fields = memberRewardsQuerySchema.shape;
type Field = keyof typeof fields;

/** Every filter at the API's default: page 1, 10 per page, newest first, all types and levels. */
export const defaultRewardsHistoryFilters: RewardsHistoryFilters = memberRewardsQuerySchema.parse({});

/**
 * Reads the filters from a URL's query, each with the API's own rule for it (the contract's schema),
 * so the page never asks for what the API would refuse: a value it would refuse falls back to the default.
 */
export function readRewardsHistoryFilters(params: URLSearchParams): RewardsHistoryFilters {
  const accepted: Partial<Record<Field, string>> = {};
  for (const key of Object.keys(fields) as Field[]) {
    const value = params.get(key);
    if (value !== null && fields[key].safeParse(value).success) accepted[key] = value;
  }
  return memberRewardsQuerySchema.parse(accepted);
}

/** The URL query of the filters: defaults are left out, so the plain page has a plain URL. */
export function writeRewardsHistoryFilters(filters: RewardsHistoryFilters, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(fields) as Field[]) {
    const value = filters[key];
    if (value === undefined || value === defaultRewardsHistoryFilters[key]) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
