import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalUsdtChain, startLocalUsdtChain } from '../../chain/local-usdt-chain';
import type { UserRow } from '../../db/schema';
import { adminTestApp } from '../../testing/admin-test-app';
import { fundedMember, mailTo, requestedWithdrawal } from '../../testing/builders';
import { type TestApp, testConfig } from '../../testing/test-app';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';
import { createTreasuryReconciliation } from './treasury-reconciliation';

/**
 * The reconciliation and an administrator approving the same withdrawals with the same payment
 * at once, on PostgreSQL (real row locks, real concurrency): one decision each.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the reconciliation and a manual approval of the same withdrawal at once (PostgreSQL)',
  () => {
    let t: TestApp;
    let chain: LocalUsdtChain;
    let adminHeaders: Record<string, string>;

    beforeAll(async () => {
      chain = await startLocalUsdtChain();
      const base = testConfig();
      ({ t, adminHeaders } = await adminTestApp({
        config: { chain: { ...base.chain, confirmations: 2, depositScanStartBlock: 0 } },
        integrations: { depositChain: chain.depositChain },
      }));
    }, 180_000);
    afterAll(() => t?.close());

    const reconcile = () => {
      const reconciliation = createTreasuryReconciliation(t.app.context);
      if (!reconciliation) throw new Error('no chain configured');
      return reconciliation.reconcile();
    };

    it('makes exactly one decision per withdrawal, whichever comes first', async () => {
      for (let round = 0; round < 3; round += 1) {
        const members: UserRow[] = await Promise.all(
          Array.from({ length: 8 }, () => fundedMember(t.database.db, '100')),
        );
        const ids = await Promise.all(members.map((member) => requestedWithdrawal(t, member, 25)));
        const payments: string[] = [];
        for (const id of ids) {
          const { wallet_address: wallet } = await t.database.db
            .selectFrom('withdrawals')
            .select('wallet_address')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          payments.push((await chain.pay(wallet, '25')).txHash);
        }
        await chain.mine(1);

        const approvals = ids.map((id, index) =>
          t.app.inject({
            method: 'PUT',
            url: `/api/withdrawals/${id}`,
            headers: adminHeaders,
            payload: { status: 'APPROVED', transactionHash: payments[index] },
          }),
        );
        const [answers] = await Promise.all([Promise.all(approvals), reconcile()]);
        for (const answer of answers) {
          if (answer.statusCode !== 200) expect(answer.json().errorCode).toBe('WITHDRAWAL_ALREADY_PROCESSED');
        }
        // Whatever the reconciliation had not read yet, its next run reads.
        await reconcile();

        const decided = await t.database.db.selectFrom('withdrawals').selectAll().where('id', 'in', ids).execute();
        expect(decided.every((row) => row.status === 'APPROVED')).toBe(true);
        for (const [index, id] of ids.entries()) {
          expect(decided.find((row) => row.id === id)).toMatchObject({
            transaction_hash: payments[index],
            transaction_log_index: 0,
          });
        }
        const audit = await t.database.db
          .selectFrom('audit_log')
          .select('target_id')
          .where('action', '=', 'WITHDRAWAL_APPROVED')
          .where('target_id', 'in', ids)
          .execute();
        expect(audit).toHaveLength(ids.length);
        for (const member of members) {
          const mails = await mailTo(t.database.db, member.email);
          expect(mails.filter((mail) => mail.subject.includes('approved'))).toHaveLength(1);
        }
        const stored = await t.database.db
          .selectFrom('treasury_transfers')
          .select(['withdrawal_id', 'unmatched_reason'])
          .where('transaction_hash', 'in', payments)
          .execute();
        expect(stored.map((row) => row.withdrawal_id).sort()).toEqual([...ids].sort());
        expect(stored.every((row) => row.unmatched_reason === null)).toBe(true);
      }
      expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
    }, 600_000);
  },
);
