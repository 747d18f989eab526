import type { ErrorCode } from '@uplink/contract/error-codes';
import {
  createWithdrawalRequestSchema,
  memberWithdrawalsSchema,
  type OtpRequest,
  otpRequestResultSchema,
  otpRequestSchema,
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
  const requested = {
    codes: 0,
    /** What each code request said the withdrawal would be. */
    codeBodies: [] as OtpRequest[],
    bodies: [] as unknown[],
    withdrawals: [] as Withdrawal[],
  };
  onApi(
    'post',
    '/otp/withdrawal/request',
    { request: otpRequestSchema, response: otpRequestResultSchema },
    ({ body }) => {
      requested.codeBodies.push(body);
      requested.codes += 1;
      return { expiresAt: '2026-03-02T10:10:00.000Z' };
    },
  );
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
      underReview: false,
      paymentUnderWay: false,
      paymentSeenIn: null,
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

/** The code request refused as the server refuses a withdrawal it would not make: no code is sent. */
export function refuseCodeRequest(status: number, errorCode: ErrorCode, message: string) {
  onApi('post', '/otp/withdrawal/request', { request: otpRequestSchema, response: otpRequestResultSchema }, () =>
    refusal(status, errorCode, message),
  );
}
