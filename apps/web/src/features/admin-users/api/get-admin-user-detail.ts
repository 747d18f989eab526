import type { AdminUserDetail } from '@uplink/contract/admin-users';
import { adminPageSize } from '@uplink/contract/constants';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query';
import { adminUsersKeys } from './get-admin-users';

/** The page of the member's rewards and the page of their withdrawals the detail screen shows. */
export interface AdminUserDetailPages {
  rewardsPage: number;
  withdrawalsPage: number;
}

export const adminUserDetailKeys = {
  member: (id: string) => [...adminUsersKeys.all, 'detail', id] as const,
  pages: (id: string, pages: AdminUserDetailPages) => [...adminUserDetailKeys.member(id), pages] as const,
};

/** GET /users/admin/{id} with a page of the member's rewards and a page of their withdrawals. */
export async function getAdminUserDetail(
  id: string,
  pages: AdminUserDetailPages,
  signal?: AbortSignal,
): Promise<AdminUserDetail> {
  const { data } = await api.get<AdminUserDetail>(`/users/admin/${encodeURIComponent(id)}`, {
    query: {
      includeRewards: true,
      includeWithdrawals: true,
      rewardsPage: pages.rewardsPage,
      rewardsLimit: adminPageSize,
      withdrawalsPage: pages.withdrawalsPage,
      withdrawalsLimit: adminPageSize,
    },
    signal,
  });
  return data;
}

/**
 * Keeps the member on screen while another page of their rewards or withdrawals loads, but never
 * shows one member while another loads (following a sponsor link).
 */
export function useAdminUserDetail(id: string, pages: AdminUserDetailPages) {
  return useQuery({
    queryKey: adminUserDetailKeys.pages(id, pages),
    queryFn: ({ signal }) => getAdminUserDetail(id, pages, signal),
    enabled: id !== '',
    placeholderData: (previous) => (previous?._id === id ? previous : undefined),
  });
}
