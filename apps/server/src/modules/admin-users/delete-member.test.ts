import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { adminTestAppForFile } from '../../testing/app-for-file';
import {
  addChain,
  bearer,
  createAdministrator,
  createMember,
  creditReward,
  fundedMember,
  payoutsUnverified,
  registrationBody,
  requestedWithdrawal,
  sessionHeaders,
  signIn,
  soleAuditRowOf,
  statusesOf,
  strongPassword,
  verifiedWithdrawalCodes,
} from '../../testing/builders';
import { holdLocks, lockWaiters } from '../../testing/lock-holder';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';
import { creditDirectReward } from '../rewards/direct-rewards-repository';

describe('an administrator deletes a member (soft delete)', () => {
  const { t, admin, adminHeaders } = adminTestAppForFile({ config: payoutsUnverified() });

  const remove = (id: string, headers = adminHeaders) =>
    t.app.inject({ method: 'DELETE', url: `/api/users/admin/${id}`, headers });
  const downlineCount = async (ancestorId: string) =>
    (
      await t.database.db
        .selectFrom('referral_closure')
        .select('descendant_id')
        .where('ancestor_id', '=', ancestorId)
        .execute()
    ).length;

  it('ends sign-in and sessions, blanks personal data and keeps the tree, the ledger and the rewards', async () => {
    const sponsor = await createMember(t.database.db, { firstName: 'Sponsor' });
    const member = await fundedMember(t.database.db, '40', { firstName: 'Doomed', sponsorId: sponsor.id });
    const [child] = await addChain(t.database.db, member, 2);
    await creditReward(t.database.db, {
      beneficiary: member,
      source: child as UserRow,
      amount: '3',
      cycle: 4,
      state: 'LOCKED',
    });
    const session = bearer(await signIn(t.app, member.email));
    const ledgerBefore = await t.database.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account_id', '=', member.id)
      .execute();
    const sponsorDownline = await downlineCount(sponsor.id);

    const answer = await remove(member.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true, message: 'User deleted successfully' });

    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: session })).statusCode).toBe(401);
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: member.email, password: strongPassword },
    });
    expect(signInAgain.statusCode).not.toBe(200);
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: 'Deleted', last_name: 'member', status: 'DISABLED', bingx_uid: null });
    expect(row.email).not.toBe(member.email);
    expect(row.deleted_at).not.toBeNull();

    // The sponsor's tree still counts the deleted member and their downline.
    expect(await downlineCount(sponsor.id)).toBe(sponsorDownline);
    // The ledger keeps every entry; the locked credit is forfeited by a settling entry.
    const ledgerAfter = await t.database.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account_id', '=', member.id)
      .execute();
    expect(ledgerAfter.slice(0, ledgerBefore.length)).toEqual(ledgerBefore);
    expect(ledgerAfter.slice(ledgerBefore.length).map((entry) => entry.kind)).toEqual(['CREDIT_FORFEITED']);
    const rewards = await t.database.db
      .selectFrom('rewards')
      .select(['state', 'reward_amount'])
      .where('beneficiary_id', '=', member.id)
      .execute();
    expect(rewards.map((reward) => reward.state).sort()).toEqual(['FORFEITED', 'POSTED']);
    const account = await t.database.db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(Number(account.credits_posted)).toBe(40);
    expect(Number(account.credits_pending)).toBe(0);

    // The detail still opens, marked deleted; the list leaves them out.
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/users/admin/${member.id}`, headers: adminHeaders })
    ).json();
    expect(detail.data).toMatchObject({
      firstName: 'Deleted',
      deletedAt: expect.any(String),
      referralStats: { totalReferrals: 2 },
    });
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/users/admin/all',
        query: { search: member.user_id },
        headers: adminHeaders,
      })
    ).json();
    expect(list.data.users).toEqual([]);
  });

  it('lets nobody register with the deleted member’s code and credits them no reward again', async () => {
    const member = await createMember(t.database.db, { firstName: 'Inviter' });
    const referral = await createMember(t.database.db, { sponsorId: member.id });
    expect((await remove(member.id)).statusCode).toBe(200);
    const registration = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: registrationBody(member.referral_code),
    });
    expect(registration.json().errorCode).toBe('INVALID_REFERRAL_CODE');
    const credited = await t.database.db
      .transaction()
      .execute((trx) => creditDirectReward(trx, referral.id, '10', 1, '100', new Date()));
    expect(credited).toBeUndefined();
  });

  it('writes the audit row without the personal data it blanked', async () => {
    const member = await createMember(t.database.db, { firstName: 'Audited' });
    await remove(member.id);
    const row = await soleAuditRowOf(t.database.db, member.id);
    expect(row).toMatchObject({
      actor_id: admin.id,
      action: 'USER_DELETED',
      target_type: 'USER',
      before: { userId: member.user_id, status: 'ACTIVE' },
    });
    expect(JSON.stringify(row)).not.toContain(member.email);
  });

  it('refuses: an administrator (oneself too), a member already deleted, a member with a pending withdrawal, an unknown id', async () => {
    const administratorRefused = {
      errorCode: 'INVALID_STATUS',
      message: 'An administrator is not a member: an owner changes or removes them on the Team page.',
    };
    expect((await remove(admin.id)).json()).toMatchObject(administratorRefused);
    expect((await remove((await createAdministrator(t.database.db, 'FINANCE')).id)).json()).toMatchObject(
      administratorRefused,
    );
    const member = await createMember(t.database.db);
    await remove(member.id);
    expect((await remove(member.id)).json()).toMatchObject({
      errorCode: 'INVALID_STATUS',
      message: 'This member has already been deleted.',
    });
    const withdrawer = await fundedMember(t.database.db, '50');
    await requestedWithdrawal(t, withdrawer, 20);
    expect((await remove(withdrawer.id)).json()).toMatchObject({
      errorCode: 'INVALID_STATUS',
      message: "Decide the member's pending withdrawals before deleting them.",
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await remove(id)).json().errorCode).toBe('USER_NOT_FOUND');
    }
    const memberHeaders = sessionHeaders(t.app, withdrawer);
    expect((await remove(member.id, memberHeaders)).statusCode).toBe(403);
  });

  it('deletes members while they withdraw: one order of locks, never a deadlock or a 500', async () => {
    // Delete takes the member's row, then the ledger account; a withdrawal used to take them the
    // other way round (account lock, then the row through the foreign key): PostgreSQL deadlocked.
    const races = 30;
    const members = await Promise.all(Array.from({ length: races }, () => fundedMember(t.database.db, '50')));
    const codes = await Promise.all(members.map((member) => verifiedWithdrawalCodes(t, member, 1)));
    const answers = await Promise.all(
      members.flatMap((member, index) => [
        t.app.inject({
          method: 'POST',
          url: '/api/withdrawals',
          headers: sessionHeaders(t.app, member),
          payload: { amount: 20, walletAddress: Wallet.createRandom().address, asset: 'USDT', otp: codes[index]?.[0] },
        }),
        remove(member.id),
      ]),
    );
    expect(statusesOf(answers).filter((status) => status >= 500)).toEqual([]);
    for (const [index, member] of members.entries()) {
      const [withdrawal, deletion] = [answers[2 * index], answers[2 * index + 1]];
      const deleted = deletion?.statusCode === 200;
      // Exactly one wins: a deleted member has no withdrawal, a member who withdrew is not deleted.
      expect(deleted ? withdrawal?.statusCode : deletion?.json().message).toEqual(
        deleted ? expect.not.stringMatching(/^200$/) : "Decide the member's pending withdrawals before deleting them.",
      );
      const pending = await t.database.db
        .selectFrom('withdrawals')
        .select('id')
        .where('user_id', '=', member.id)
        .execute();
      expect(pending).toHaveLength(deleted ? 0 : 1);
    }
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a delete queued behind a withdrawal on the same member waits for it instead of deadlocking',
    async () => {
      const member = await fundedMember(t.database.db, '50');
      const [otp] = await verifiedWithdrawalCodes(t, member, 1);
      // Another money transaction of the member holds the ledger account; the withdrawal queues
      // behind it first, then the delete: on release both go on in that order, the old deadlock.
      const account = await holdLocks(t.database, [
        `SELECT 1 FROM ledger_accounts WHERE user_id = '${member.id}' FOR UPDATE`,
      ]);
      const withdrawal = t.app.inject({
        method: 'POST',
        url: '/api/withdrawals',
        headers: sessionHeaders(t.app, member),
        payload: { amount: 20, walletAddress: Wallet.createRandom().address, asset: 'USDT', otp },
      });
      await lockWaiters(t.database, 1);
      const deletion = remove(member.id);
      await lockWaiters(t.database, 2);
      await account.release();
      const [created, refused] = await Promise.all([withdrawal, deletion]);
      expect(created.statusCode).toBe(200);
      expect(refused.json()).toMatchObject({
        errorCode: 'INVALID_STATUS',
        message: "Decide the member's pending withdrawals before deleting them.",
      });
      expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
    },
  );
});
