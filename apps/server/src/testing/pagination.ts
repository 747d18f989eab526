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
