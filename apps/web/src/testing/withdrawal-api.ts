import {
  createWithdrawalRequestSchema,
  memberWithdrawalsSchema,
  otpRequestResultSchema,
  verifyOtpRequestSchema,
  type Withdrawal,
  withdrawalSchema,
} from '@uplink/contract/withdrawals';
import { onApi, refusal } from './api-server';

/** The one code the answered server accepts. */
export const rightCode = '123456';

/**
 * The member's withdrawal endpoints as the server answers them: a code request, a check that
 * accepts only `rightCode`, the creation (a Pending withdrawal, newest first in the history) and
 * the history. Returns what the screen asked for.
 */
export function answerWithdrawals() {
  const requested = { codes: 0, bodies: [] as unknown[], withdrawals: [] as Withdrawal[] };
  onApi('post', '/otp/withdrawal/request', { response: otpRequestResultSchema }, () => {
    requested.codes += 1;
    return { expiresAt: '2026-03-02T10:10:00.000Z' };
  });
  onApi('post', '/otp/withdrawal/verify', { request: verifyOtpRequestSchema }, ({ body }) =>
    body.otp === rightCode ? null : refusal(400, 'INVALID_OTP', 'Invalid OTP code. 4 tries left.'),
  );
  onApi('post', '/withdrawals', { request: createWithdrawalRequestSchema, response: withdrawalSchema }, ({ body }) => {
    requested.bodies.push(body);
    const withdrawal: Withdrawal = {
      _id: `withdrawal-${requested.bodies.length}`,
      amount: Number(body.amount),
      walletAddress: body.walletAddress,
      asset: body.asset,
      status: 'PENDING',
      reason: null,
      requestedAt: '2026-03-02T10:00:00.000Z',
      processedAt: null,
      transactionHash: null,
    };
    requested.withdrawals.unshift(withdrawal);
    return withdrawal;
  });
  onApi('get', '/withdrawals', { response: memberWithdrawalsSchema }, () => ({
    withdrawals: requested.withdrawals,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalRecords: requested.withdrawals.length,
      limit: 50,
      hasNextPage: false,
      hasPrevPage: false,
    },
  }));
  return requested;
}
