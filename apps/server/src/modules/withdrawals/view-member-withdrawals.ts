import { pageOf } from '@uplink/contract/paging';
import type { MemberWithdrawals, Withdrawal, withdrawalsQuerySchema } from '@uplink/contract/withdrawals';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { pageWindow } from '../../db/list-page';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { isMemberHeld } from '../risk/risk-hold';
import { findPaymentsSeenOnChain } from './payment-seen';
import { toWithdrawal } from './withdrawal-record';
import { findMemberWithdrawals, findWithdrawal } from './withdrawals-repository';

/** A page of the caller's own withdrawals, newest first. */
export async function viewMemberWithdrawals(
  deps: Pick<AppContext, 'db'>,
  memberId: string,
  query: z.output<typeof withdrawalsQuerySchema>,
): Promise<MemberWithdrawals> {
  const { rows, total } = await findMemberWithdrawals(deps.db, memberId, query.status, pageWindow(query));
  const held = await isMemberHeld(deps.db, memberId);
  const seen = await findPaymentsSeenOnChain(
    deps.db,
    rows.filter((row) => row.status === 'PENDING').map((row) => row.id),
  );
  return {
    withdrawals: rows.map((row) => toWithdrawal(row, held, seen.get(row.id) ?? null)),
    pagination: pageOf(query.page, query.limit, total),
  };
}

/** One of the caller's withdrawals; another member's is "not found", never "forbidden" (its existence stays hidden). */
export async function viewMemberWithdrawal(
  deps: Pick<AppContext, 'db'>,
  memberId: string,
  id: string,
): Promise<Withdrawal> {
  const row = isUuid(id) ? await findWithdrawal(deps.db, id) : undefined;
  if (!row || row.user_id !== memberId) throw new DomainError('WITHDRAWAL_NOT_FOUND', 'No such withdrawal.');
  const seen = row.status === 'PENDING' ? await findPaymentsSeenOnChain(deps.db, [row.id]) : new Map<string, string>();
  return toWithdrawal(row, await isMemberHeld(deps.db, memberId), seen.get(row.id) ?? null);
}
