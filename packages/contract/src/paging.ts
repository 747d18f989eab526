import { z } from 'zod';
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

/** A list search: trimmed, at most 100 characters; empty means no search. */
export const searchSchema = safeText('Search').trim().max(100, 'Search is at most 100 characters').optional();

/** The pagination object of the admin withdrawals and rewards lists. */
export const adminListPaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalRecords: z.number().int(),
  limit: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
  resultsCount: z.number().int(),
});
export type AdminListPagination = z.infer<typeof adminListPaginationSchema>;

/** The pagination object of an admin list page. */
export function adminListPagination(page: number, limit: number, total: number, resultsCount: number) {
  const totalPages = Math.ceil(total / limit);
  return {
    currentPage: page,
    totalPages,
    totalRecords: total,
    limit,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
    resultsCount,
  } satisfies AdminListPagination;
}
