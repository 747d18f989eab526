import type { AdminListPagination } from '@uplink/contract/paging';

/**
 * The pagination an admin list answers when nothing matches, written out rather than built with
 * `adminListPagination`, so a test compares the answer with what the spec says and not with itself.
 */
export const emptyPagination = (limit = 10): AdminListPagination => ({
  currentPage: 1,
  totalPages: 0,
  totalRecords: 0,
  limit,
  hasNextPage: false,
  hasPrevPage: false,
  resultsCount: 0,
});

/** The pagination of a full first page of `limit` when `totalRecords` (more than `limit`) match, written out likewise. */
export const fullFirstPage = (totalRecords: number, limit: number): AdminListPagination => ({
  currentPage: 1,
  totalPages: Math.ceil(totalRecords / limit),
  totalRecords,
  limit,
  hasNextPage: true,
  hasPrevPage: false,
  resultsCount: limit,
});
