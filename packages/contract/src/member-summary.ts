import { z } from 'zod';

/**
 * Who a member is, as every admin list shows them: the fields the admin user list, the user
 * detail and the member reports open with, and the member a withdrawal, a payout line or a reward
 * names. An answer's keys follow its schema's order, so each record composes these fields in the
 * order the spec gives it.
 */
export const memberSummarySchema = z.object({
  _id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/**
 * The member that a withdrawal, a payout line or a reward names (`user`, `rewardUser`): the same
 * fields with the user ID last, the order those answers have always had (a pick keeps its mask's order).
 */
export const namedMemberSchema = memberSummarySchema.pick({
  _id: true,
  firstName: true,
  lastName: true,
  email: true,
  userId: true,
});
