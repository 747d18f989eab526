import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { adminPageSize } from './constants';
import { wireMoneyDecimals, wireMoneySchema } from './money';
import { adminListPaginationSchema, pageLimitSchema, pageNumberSchema } from './paging';
import { bodyInteger } from './whole-number';

/** The most statement lines one upload may carry. */
export const statementMaxLines = 2_000_000;

/** A cycle number in a request body: a JSON integer, never a string, boolean or array taken for one. */
const cycleNumberSchema = bodyInteger('Cycle').min(1, 'Cycle must be at least 1').max(1_000_000, 'Cycle is too large');

/** A non-negative amount with at most 8 decimals, as a JSON number or a decimal string; kept as an exact string. */
const masterAmountSchema = z.union([z.number(), z.string().trim()]).transform((value, context) => {
  const text = typeof value === 'number' ? String(value) : value;
  if (!/^(\d+(\.\d*)?|\.\d+)(e-?\d+)?$/i.test(text)) {
    context.addIssue({ code: 'custom', message: 'masterAmount must be a non-negative number' });
    return z.NEVER;
  }
  const amount = new Decimal(text);
  if (amount.decimalPlaces() > wireMoneyDecimals || amount.gt('1e20')) {
    context.addIssue({ code: 'custom', message: `masterAmount has at most ${wireMoneyDecimals} decimals` });
    return z.NEVER;
  }
  return amount.toFixed();
});

export const statementEntrySchema = z.object({
  bingXUID: z
    .string({ error: 'bingXUID is required' })
    .trim()
    .regex(/^\d{6,20}$/, 'bingXUID must be 6 to 20 digits'),
  masterAmount: masterAmountSchema,
});
export type StatementEntry = z.output<typeof statementEntrySchema>;

/**
 * `POST /rewards/admin/cycles`: distribute a finished cycle from an uploaded statement or from
 * the exchange. A UID may appear once per statement.
 */
export const rewardCycleRunRequestSchema = z.union([
  z.strictObject({
    cycle: cycleNumberSchema,
    entries: z
      .array(statementEntrySchema)
      .min(1, 'The statement has no entries')
      .max(statementMaxLines, `A statement has at most ${statementMaxLines} entries`)
      .superRefine((entries, context) => {
        const seen = new Set<string>();
        for (const [index, entry] of entries.entries()) {
          if (seen.has(entry.bingXUID)) {
            context.addIssue({
              code: 'custom',
              path: [index, 'bingXUID'],
              message: `bingXUID ${entry.bingXUID} appears twice`,
            });
            return;
          }
          seen.add(entry.bingXUID);
        }
      }),
  }),
  z.strictObject({ cycle: cycleNumberSchema, source: z.literal('exchange') }),
]);
export type RewardCycleRunRequest = z.input<typeof rewardCycleRunRequestSchema>;

/**
 * What a run took as each copier's `masterAmount`: an uploaded statement (the master account's
 * profit-sharing report, the primary source) or, from the exchange, the copy-trading commission
 * BingX's agent API reports (`extCopyCommissionVolume`: it documents no profit-share field).
 */
export const rewardCycleBases = ['UPLOADED_STATEMENT', 'EXCHANGE_COPY_TRADING_COMMISSION'] as const;
export type RewardCycleBasis = (typeof rewardCycleBases)[number];

export const rewardCycleBasisTexts: Record<RewardCycleBasis, string> = {
  UPLOADED_STATEMENT: 'Uploaded statement (profit share)',
  EXCHANGE_COPY_TRADING_COMMISSION: 'Exchange copy-trading commission',
};

export const rewardCycleRunSchema = z.object({
  _id: z.string(),
  cycle: z.number().int().positive(),
  startsAt: z.string(),
  endsAt: z.string(),
  source: z.enum(['EXCHANGE', 'UPLOAD']),
  /** What each copier's masterAmount was; null on runs recorded before runs named it. */
  basis: z.enum(rewardCycleBases).nullable(),
  /** ALREADY_DISTRIBUTED: the cycle had been distributed before; this run wrote nothing. */
  outcome: z.enum(['DISTRIBUTED', 'ALREADY_DISTRIBUTED']),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
  planVersion: z.number().int().positive(),
  inputCount: z.number().int(),
  matchedCount: z.number().int(),
  /** Statement UIDs that no member has linked (at most the first 1,000; `unknownCount` has them all). */
  unknownUids: z.array(z.string()),
  unknownCount: z.number().int(),
  rewardsWritten: z.number().int(),
  totalMasterAmount: wireMoneySchema,
  totalPaid: wireMoneySchema,
  totalLocked: wireMoneySchema,
  durationMs: z.number().int(),
});
export type RewardCycleRun = z.infer<typeof rewardCycleRunSchema>;

/** `GET /rewards/admin/cycles`: the runs of the reward cycles, newest first. */
export const rewardCycleRunsQuerySchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(adminPageSize),
});
export type RewardCycleRunsQuery = Partial<z.output<typeof rewardCycleRunsQuerySchema>>;

export const rewardCycleRunsSchema = z.object({
  runs: z.array(rewardCycleRunSchema),
  pagination: adminListPaginationSchema,
  /** The last finished cycle (the one a run would normally distribute) and whether it is distributed. */
  lastFinishedCycle: z.object({
    cycle: z.number().int(),
    startsAt: z.string(),
    endsAt: z.string(),
    distributed: z.boolean(),
  }),
  /** The cycle after the newest distributed one: the next to run, which may not have ended yet. */
  nextCycle: z.number().int().positive(),
});
export type RewardCycleRuns = z.infer<typeof rewardCycleRunsSchema>;

/**
 * `POST /rewards/admin/cycles/preview`: what a run of this statement would do, without writing:
 * the statement's totals, the UIDs no member has linked and the rewards it would credit.
 */
export const rewardCyclePreviewSchema = z.object({
  cycle: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  alreadyDistributed: z.boolean(),
  inputCount: z.number().int(),
  matchedCount: z.number().int(),
  unknownUids: z.array(z.string()),
  unknownCount: z.number().int(),
  totalMasterAmount: wireMoneySchema,
  rewardsToWrite: z.number().int(),
  totalToPay: wireMoneySchema,
  totalToLock: wireMoneySchema,
});
export type RewardCyclePreview = z.infer<typeof rewardCyclePreviewSchema>;

export const rewardCycleTexts = {
  noRuns: 'No cycle has been run yet',
  alreadyDistributed: (cycle: number) => `Cycle #${cycle} has already been distributed.`,
} as const;
