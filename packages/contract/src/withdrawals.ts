import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { otpLength } from './constants';
import { namedMemberSchema } from './member-summary';
import { wireMoneySchema } from './money';
import { oneOfSchema } from './one-of';
import {
  adminListPaginationSchema,
  pageLimitSchema,
  pageNumberSchema,
  paginationSchema,
  searchSchema,
  sortSchema,
} from './paging';
import { riskMarkSchema } from './risk';
import { safeText } from './safe-text';
import { withdrawalStatuses, withdrawalTexts } from './withdrawal-texts';

export {
  decisionTextLabel,
  type WithdrawalDecision,
  type WithdrawalStatus,
  withdrawalStatuses,
  withdrawalTexts,
} from './withdrawal-texts';

/** The EIP-55 checksummed form of a 0x address (40 hex characters). */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let result = '0x';
  for (let index = 0; index < lower.length; index += 1) {
    const character = lower[index] as string;
    result += Number.parseInt(hash[index] as string, 16) >= 8 ? character.toUpperCase() : character;
  }
  return result;
}

/**
 * An EVM address: 0x and 40 hex characters; all lower or all upper case carries no checksum, mixed
 * case must match EIP-55 (a mistyped character is then caught before any money moves).
 */
export function isValidWalletAddress(value: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return false;
  const hex = value.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(value) === value;
}

/**
 * The wire form of a withdrawal amount: at least 0.01, at most 2 decimals; kept as an exact
 * decimal string. Each refusal says what to enter, in the words the form shows under the field.
 */
const withdrawalAmountSchema = z.union([z.number(), z.string().trim()]).transform((value, context) => {
  const text = typeof value === 'number' ? String(value) : value;
  const refuse = (message: string) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (!/^\d+(\.\d+)?$/.test(text)) return refuse(withdrawalTexts.invalidAmount);
  const amount = new Decimal(text);
  if (amount.decimalPlaces() > 2) return refuse(withdrawalTexts.amountDecimals);
  if (amount.lt('0.01')) return refuse(withdrawalTexts.amountTooSmall);
  if (amount.gt('1e15')) return refuse(withdrawalTexts.invalidAmount);
  return amount.toFixed();
});

export const otpSchema = z
  .string({ error: withdrawalTexts.enterOtp })
  .trim()
  .min(1, withdrawalTexts.enterOtp)
  .regex(new RegExp(`^\\d{${otpLength}}$`), `The code is ${otpLength} digits`);

const walletAddressSchema = z
  .string({ error: withdrawalTexts.fillRequired })
  .trim()
  .refine(isValidWalletAddress, withdrawalTexts.invalidAddress);

/** `POST /withdrawals`. */
export const createWithdrawalRequestSchema = z.object({
  amount: withdrawalAmountSchema,
  walletAddress: walletAddressSchema,
  asset: z.literal('USDT', { error: 'Only USDT can be withdrawn' }).default('USDT'),
  otp: otpSchema,
});
export type CreateWithdrawalRequest = z.input<typeof createWithdrawalRequestSchema>;

export const verifyOtpRequestSchema = z.object({ otp: otpSchema });

/**
 * `POST /otp/withdrawal/request`: the withdrawal the code is for, checked before the code is sent
 * (the same refusals as `POST /withdrawals`). Optional: an empty body (or `{}`) sends a code unchecked.
 */
export const otpRequestSchema = z
  .object({ amount: withdrawalAmountSchema.optional(), walletAddress: walletAddressSchema.optional() })
  .superRefine((body, context) => {
    if ((body.amount === undefined) === (body.walletAddress === undefined)) return;
    const path = body.amount === undefined ? 'amount' : 'walletAddress';
    context.addIssue({ code: 'custom', path: [path], message: withdrawalTexts.fillRequired });
  })
  // No body at all arrives as null without a content type, as undefined with one.
  .nullish();
export type OtpRequest = z.input<typeof otpRequestSchema>;

/** `POST /otp/withdrawal/request`. */
export const otpRequestResultSchema = z.object({ expiresAt: z.string() });

/** `GET /otp/withdrawal/status`: the member's newest code. */
export const otpStatusSchema = z.object({
  /** A code was sent and is still usable (not expired, not used, tries left). */
  active: z.boolean(),
  verified: z.boolean(),
  expiresAt: z.string().nullable(),
  attemptsLeft: z.number().int(),
});
export type OtpStatus = z.infer<typeof otpStatusSchema>;

export const withdrawalSchema = z.object({
  _id: z.string(),
  amount: wireMoneySchema,
  walletAddress: z.string(),
  asset: z.literal('USDT'),
  status: z.enum(withdrawalStatuses),
  reason: z.string().nullable(),
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
  transactionHash: z.string().nullable(),
  /**
   * A pending withdrawal whose payment may be moving: claimed by a payment (its payout batch's
   * export or payment, an approval's hash). It stays PENDING until the chain confirms it.
   */
  paymentUnderWay: z.boolean(),
  /**
   * The transaction a treasury transfer paying this pending withdrawal is in, seen on chain from
   * the block it was mined in and not yet confirmed (the member reads
   * `withdrawalTexts.paymentSeen`); null otherwise. Answered by the member's views and the
   * administrators' list and review; null where a withdrawal is echoed back (a decision's answer).
   */
  paymentSeenIn: z.string().nullable(),
  /**
   * A pending withdrawal held by an open high-severity risk event: the member reads
   * `riskTexts.memberPendingUnderReview` ("Pending — under review"), nothing about the rules.
   */
  underReview: z.boolean(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalsQuerySchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(10),
  status: oneOfSchema('Status', withdrawalStatuses).optional(),
});
export type WithdrawalsQuery = Partial<z.output<typeof withdrawalsQuerySchema>>;

export const memberWithdrawalsSchema = z.object({
  withdrawals: z.array(withdrawalSchema),
  pagination: paginationSchema,
});
export type MemberWithdrawals = z.infer<typeof memberWithdrawalsSchema>;

/** `PUT /withdrawals/{id}`: an administrator's decision. */
export const withdrawalDecisionSchema = z
  .object({
    status: z.enum(['APPROVED', 'REJECTED', 'BLOCKED_COMPLIANCE'], {
      error: 'Status must be APPROVED, REJECTED or BLOCKED_COMPLIANCE',
    }),
    /** Told to the member: a rejection's or block's reason (required), an approval's note (optional). */
    reason: safeText('Reason').trim().max(500, 'The reason is at most 500 characters').optional(),
    /** For administrators only: shown on the review and kept in the audit log, never sent to the member. */
    internalNote: safeText('Internal note').trim().max(500, 'The internal note is at most 500 characters').optional(),
    transactionHash: z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'The transaction hash is 0x and 64 hex characters')
      .optional(),
  })
  .superRefine((decision, context) => {
    if (decision.status === 'APPROVED' && !decision.transactionHash) {
      context.addIssue({
        code: 'custom',
        path: ['transactionHash'],
        message: 'An approval needs the transaction hash of the payment',
      });
    }
    if (decision.status !== 'APPROVED' && !decision.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'A reason is required' });
    }
  });
export type WithdrawalDecisionRequest = z.input<typeof withdrawalDecisionSchema>;

export const withdrawalSorts = ['-createdAt', 'createdAt', '-amount', 'amount'] as const;

/** `GET /withdrawals/admin/all`. */
export const adminWithdrawalsQuerySchema = withdrawalsQuerySchema.extend({
  search: searchSchema,
  sort: sortSchema(withdrawalSorts, '-createdAt'),
});
export type AdminWithdrawalsQuery = Partial<z.output<typeof adminWithdrawalsQuerySchema>>;

export const adminWithdrawalSchema = withdrawalSchema.extend({
  user: namedMemberSchema,
  /** A line of an open payout batch holds it: the list offers it for no other batch. */
  inOpenBatch: z.boolean(),
  /** The deciding administrator's internal note (never in the member's view of the withdrawal). */
  internalNote: z.string().nullable(),
  /** The member's risk mark: null when no risk event naming them is open. */
  risk: riskMarkSchema,
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const withdrawalStatisticsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  blocked: z.number().int(),
  totalApprovedAmount: wireMoneySchema,
  totalPendingAmount: wireMoneySchema,
  /** Approved plus pending: what is paid out or held for payment. */
  totalAmount: wireMoneySchema,
});
export type WithdrawalStatistics = z.infer<typeof withdrawalStatisticsSchema>;

export const adminWithdrawalsSchema = z.object({
  withdrawals: z.array(adminWithdrawalSchema),
  pagination: adminListPaginationSchema,
  statistics: withdrawalStatisticsSchema,
});
export type AdminWithdrawals = z.infer<typeof adminWithdrawalsSchema>;

/** `GET /withdrawals/admin/{id}`: the request, the member's balance and their latest ledger entries. */
export const withdrawalReviewSchema = z.object({
  withdrawal: adminWithdrawalSchema,
  balance: z.object({
    available: wireMoneySchema,
    totalEarned: wireMoneySchema,
    totalWithdrawn: wireMoneySchema,
    onHold: wireMoneySchema,
  }),
  ledger: z.array(
    z.object({ kind: z.string(), amount: wireMoneySchema, reasonType: z.string(), createdAt: z.string() }),
  ),
  /**
   * Who decided it, null while it is pending: an administrator (by name) or the treasury
   * reconciliation, which approves a withdrawal when the chain shows its payment. The review tells
   * an administrator whose decision came too late what happened, and when (`processedAt`).
   */
  decidedBy: z
    .object({ kind: z.enum(['ADMINISTRATOR', 'TREASURY_RECONCILIATION']), name: z.string().nullable() })
    .nullable(),
  /** Local mode: the demo chain's treasury can pay it (`POST /dev/demo-treasury-pay/{id}`). */
  demoTreasury: z.boolean(),
  /**
   * A payment claimed for this pending withdrawal (the demo treasury's, an approval with a hash,
   * or its payout batch's — `batchId`, released only with the batch): while it stands the
   * withdrawal cannot be rejected, blocked or paid again. Null: none.
   */
  paymentUnderWay: z
    .object({
      claimedAt: z.string(),
      claimedBy: z.string(),
      transactionHash: z.string().nullable(),
      batchId: z.string().nullable(),
    })
    .nullable(),
  /** Payments recorded after the withdrawal was rejected or blocked: money sent that the ledger does not show. */
  flaggedPayments: z.array(
    z.object({
      transactionHash: z.string(),
      withdrawalStatus: z.enum(withdrawalStatuses),
      recordedAt: z.string(),
      recordedBy: z.string(),
    }),
  ),
});
export type WithdrawalReview = z.infer<typeof withdrawalReviewSchema>;

/** `POST /withdrawals/admin/{id}/release-payment`: the payment claim was released (none was found on chain). */
export const paymentReleaseSchema = z.object({ released: z.boolean() });
export type PaymentRelease = z.infer<typeof paymentReleaseSchema>;

/** `POST /dev/demo-treasury-pay/{id}` (local mode): the demo treasury's payment of the withdrawal. */
export const demoTreasuryPaymentSchema = z.object({ transactionHash: z.string() });
export type DemoTreasuryPayment = z.infer<typeof demoTreasuryPaymentSchema>;
