import { describe, expect, it } from 'vitest';
import { usersPaginationSchema } from './admin-users';
import {
  adminListPagination,
  adminListPaginationSchema,
  pageOf,
  paginationSchema,
  shortPageOf,
  shortPaginationSchema,
  sortSchema,
  usersPagination,
} from './paging';

describe('the pagination of a list answer', () => {
  it('counts the pages and says whether there is a page before and after', () => {
    expect(pageOf(1, 10, 0)).toEqual({
      currentPage: 1,
      totalPages: 0,
      totalRecords: 0,
      limit: 10,
      hasNextPage: false,
      hasPrevPage: false,
    });
    expect(pageOf(2, 10, 21)).toMatchObject({ totalPages: 3, hasNextPage: true, hasPrevPage: true });
    expect(pageOf(3, 10, 21)).toMatchObject({ totalPages: 3, hasNextPage: false, hasPrevPage: true });
    expect(pageOf(1, 10, 10)).toMatchObject({ totalPages: 1, hasNextPage: false });
  });

  it('gives every endpoint its spec-named fields, the same facts', () => {
    expect(shortPageOf(2, 10, 21)).toEqual({
      currentPage: 2,
      totalPages: 3,
      totalRecords: 21,
      limit: 10,
      hasNext: true,
      hasPrev: true,
    });
    expect(usersPagination(1, 20, 45)).toEqual({
      currentPage: 1,
      totalPages: 3,
      totalUsers: 45,
      limit: 20,
      hasNext: true,
      hasPrev: false,
    });
    expect(adminListPagination(3, 10, 21, 1)).toMatchObject({ hasNextPage: false, resultsCount: 1 });
  });

  it('builds objects each endpoint schema accepts exactly (no field missing or extra)', () => {
    expect(paginationSchema.strict().safeParse(pageOf(1, 10, 5)).success).toBe(true);
    expect(shortPaginationSchema.strict().safeParse(shortPageOf(1, 10, 5)).success).toBe(true);
    expect(usersPaginationSchema.strict().safeParse(usersPagination(1, 10, 5)).success).toBe(true);
    expect(adminListPaginationSchema.strict().safeParse(adminListPagination(1, 10, 5, 5)).success).toBe(true);
  });
});

describe('the sort of a list query', () => {
  it('takes one of the sorts, falls back when absent and names them all when refused', () => {
    const sort = sortSchema(['-createdAt', 'createdAt', '-amount'], '-createdAt');
    expect(sort.parse('-amount')).toBe('-amount');
    expect(sort.parse(undefined)).toBe('-createdAt');
    expect(sort.safeParse('amount').error?.issues[0]?.message).toBe(
      'Sort must be one of -createdAt, createdAt, -amount',
    );
  });
});
