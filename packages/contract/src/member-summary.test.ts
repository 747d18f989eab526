import { describe, expect, it } from 'vitest';
import { memberProfileSchema } from './accounts';
import { memberReportSchema } from './admin-reports';
import { adminRewardRecordSchema } from './admin-rewards';
import { adminMemberRewardSchema, adminUserDetailSchema, adminUserListItemSchema } from './admin-users';
import { payoutBatchLineSchema } from './payout-batches';
import { adminWithdrawalSchema } from './withdrawals';

const firstKeys = (shape: object, count: number) => Object.keys(shape).slice(0, count);

/** The answers' bytes follow these orders: composing the member summary must not move a field. */
describe('the member summary in every answer', () => {
  it('opens the member records with _id, userId, firstName, lastName and email', () => {
    for (const schema of [adminUserListItemSchema, adminUserDetailSchema, memberReportSchema, memberProfileSchema]) {
      expect(firstKeys(schema.shape, 5)).toEqual(['_id', 'userId', 'firstName', 'lastName', 'email']);
    }
  });

  it('names a member with the user ID last in withdrawals, payout lines and rewards', () => {
    for (const member of [
      adminWithdrawalSchema.shape.user,
      payoutBatchLineSchema.shape.user,
      adminRewardRecordSchema.shape.rewardUser,
      adminRewardRecordSchema.shape.downlineUser,
    ]) {
      expect(Object.keys(member.shape)).toEqual(['_id', 'firstName', 'lastName', 'email', 'userId']);
    }
  });

  it('names the source of a reward on the user detail without its _id', () => {
    const downlineUser = adminMemberRewardSchema.shape.downlineUser.unwrap();
    expect(Object.keys(downlineUser.shape)).toEqual(['firstName', 'lastName', 'email', 'userId']);
  });
});
