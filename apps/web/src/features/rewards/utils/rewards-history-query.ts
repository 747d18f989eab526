import { referralLevels, rewardsPageSizes } from '@uplink/contract/constants';
import { type RewardSort, type RewardType, rewardSorts, rewardTypes } from '@uplink/contract/rewards';

/** The rewards history's filters, as the page keeps them in its URL. */
export interface RewardsHistoryFilters {
  page: number;
  limit: number;
  type: RewardType | undefined;
  level: number | undefined;
  sort: RewardSort;
}

export const defaultRewardsHistoryFilters: RewardsHistoryFilters = {
  page: 1,
  limit: rewardsPageSizes[0],
  type: undefined,
  level: undefined,
  sort: '-createdAt',
};

const wholeNumber = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** Reads the filters from a URL's query; anything unknown or out of range falls back to its default. */
export function readRewardsHistoryFilters(params: URLSearchParams): RewardsHistoryFilters {
  const page = wholeNumber(params.get('page'));
  const limit = wholeNumber(params.get('limit'));
  const level = wholeNumber(params.get('level'));
  const type = params.get('type');
  const sort = params.get('sort');
  return {
    page: page && page >= 1 ? page : 1,
    limit:
      limit && (rewardsPageSizes as readonly number[]).includes(limit) ? limit : defaultRewardsHistoryFilters.limit,
    type: (rewardTypes as readonly string[]).includes(type ?? '') ? (type as RewardType) : undefined,
    level: level && level >= 1 && level <= referralLevels ? level : undefined,
    sort: (rewardSorts as readonly string[]).includes(sort ?? '') ? (sort as RewardSort) : '-createdAt',
  };
}

/** The URL query of the filters: defaults are left out, so the plain page has a plain URL. */
export function writeRewardsHistoryFilters(filters: RewardsHistoryFilters, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | undefined, fallback: string | undefined) => {
    if (value === undefined || value === fallback) next.delete(key);
    else next.set(key, value);
  };
  set('page', String(filters.page), '1');
  set('limit', String(filters.limit), String(defaultRewardsHistoryFilters.limit));
  set('type', filters.type, undefined);
  set('level', filters.level === undefined ? undefined : String(filters.level), undefined);
  set('sort', filters.sort, defaultRewardsHistoryFilters.sort);
  return next;
}
