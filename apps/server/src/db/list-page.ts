import { type AdminListPagination, adminListPagination } from '@uplink/contract/paging';

/** Which page of a list a query asks for (from 1) and how many rows a page holds. */
export interface PageQuery {
  page: number;
  limit: number;
}

/** The rows a page reads: `limit` of them after the first `offset`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** The rows page `page` of `limit` rows reads. */
export const pageWindow = ({ page, limit }: PageQuery): PageWindow => ({ limit, offset: (page - 1) * limit });

/**
 * A page of an admin list, read beside the count of every row the list holds, with the list's
 * pagination.
 */
export async function readAdminListPage<Row>(
  query: PageQuery,
  findPage: (window: PageWindow) => Promise<Row[]>,
  countAll: () => Promise<number>,
): Promise<{ rows: Row[]; pagination: AdminListPagination }> {
  const [rows, total] = await Promise.all([findPage(pageWindow(query)), countAll()]);
  return { rows, pagination: adminListPagination(query.page, query.limit, total, rows.length) };
}
