import { z } from 'zod';
import { oneOfSchema } from './one-of';
import { safeText } from './safe-text';
import { queryInteger } from './whole-number';

/** A 1-based page number of a list query. */
export const pageNumberSchema = queryInteger(
  z
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(1_000_000, 'Page is too large'),
).default(1);

/** A page size between 1 and 100, `fallback` when absent. */
export const pageLimitSchema = (fallback: number) =>
  queryInteger(
    z
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be between 1 and 100')
      .max(100, 'Limit must be between 1 and 100'),
  ).default(fallback);

/** A list's sort: one of `sorts` (a leading `-` sorts descending), `fallback` when absent. */
export const sortSchema = <const Sorts extends readonly [string, ...string[]]>(sorts: Sorts, fallback: Sorts[number]) =>
  oneOfSchema('Sort', sorts).default(fallback);

/** A list search: trimmed, at most 100 characters; empty means no search. */
export const searchSchema = safeText('Search').trim().max(100, 'Search is at most 100 characters').optional();

/**
 * The pagination object of a list answer. Every list carries this fragment; the spec names the
 * rest per endpoint, so each endpoint's schema extends it (`hasNextPage`/`hasPrevPage` and
 * `totalRecords` on most, `hasNext`/`hasPrev` on member rewards and admin users, `totalUsers` on
 * the latter, `resultsCount` on admin lists) and `pageOf` builds every one of them.
 */
export const pagingFragmentSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  limit: z.number().int(),
});

/** The pagination of member withdrawals and referral history. */
export const paginationSchema = pagingFragmentSchema.extend({
  totalRecords: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The pagination of an admin list: how many rows this page holds, too. */
export const adminListPaginationSchema = paginationSchema.extend({ resultsCount: z.number().int() });
export type AdminListPagination = z.infer<typeof adminListPaginationSchema>;

/** The pagination of member rewards (spelled `hasNext`/`hasPrev` by the spec). */
export const shortPaginationSchema = pagingFragmentSchema.extend({
  totalRecords: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});
export type ShortPagination = z.infer<typeof shortPaginationSchema>;

/** Page `page` of `total` records, `limit` a page. */
export function pageOf(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.ceil(total / limit);
  return {
    currentPage: page,
    totalPages,
    totalRecords: total,
    limit,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}

/** `pageOf` of an admin list whose page holds `resultsCount` rows. */
export const adminListPagination = (page: number, limit: number, total: number, resultsCount: number) =>
  ({ ...pageOf(page, limit, total), resultsCount }) satisfies AdminListPagination;

/** `pageOf` spelled `hasNext`/`hasPrev`. */
export function shortPageOf(page: number, limit: number, total: number): ShortPagination {
  const { hasNextPage, hasPrevPage, ...fragment } = pageOf(page, limit, total);
  return { ...fragment, hasNext: hasNextPage, hasPrev: hasPrevPage };
}

/** `shortPageOf` of admin users, whose total is `totalUsers`. */
export function usersPagination(page: number, limit: number, total: number) {
  const { totalRecords, ...rest } = shortPageOf(page, limit, total);
  return { ...rest, totalUsers: totalRecords };
}
