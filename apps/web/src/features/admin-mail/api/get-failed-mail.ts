import { type FailedMails, failedMailPageSize } from '@uplink/contract/admin-mail';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';

export const failedMailKeys = {
  all: ['admin-failed-mail'] as const,
  page: (page: number) => [...failedMailKeys.all, page] as const,
};

/** GET /admin/mail/failed: one page of the failed e-mails, newest failure first. */
export function useFailedMail(page: number) {
  return useQuery({
    queryKey: failedMailKeys.page(page),
    queryFn: async ({ signal }) =>
      (await api.get<FailedMails>('/admin/mail/failed', { query: { page, limit: failedMailPageSize }, signal })).data,
    placeholderData: keepPreviousData,
  });
}
