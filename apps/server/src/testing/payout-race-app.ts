import { Decimal } from 'decimal.js';
import type { LightMyRequestResponse } from 'fastify';
import type { Selectable } from 'kysely';
import { expect } from 'vitest';
import type { UsdtTransfer } from '../chain/deposit-chain';
import type { Config } from '../config/load-config';
import type { TreasuryTransfersTable, UserRow, WithdrawalRow } from '../db/schema';
import { startedForFile } from './app-for-file';
import { createMember, sessionHeaders } from './builders';
import { type DemoChainApp, startDemoChainApp } from './demo-chain-app';
import { createBatch } from './payout-builders';
import type { TestApp } from './test-app';

/** Blocks a payment waits for in the payout race rounds: mined by hand, so counted exactly. */
export const raceConfirmations = 3;

export interface PayoutRaceApp {
  chainApp: DemoChainApp;
  t: TestApp;
  /** The administrator who batches; `second`, another, races the first. Neither needs the other's approval. */
  first: UserRow;
  second: UserRow;
  /** A POST under `/api` as `caller`. */
  post(caller: UserRow, url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** The batch's Safe file (`part` when given) as `caller` downloads it. */
  exportOf(caller: UserRow, batchId: string, part?: number): Promise<LightMyRequestResponse>;
  withdrawals(ids: string[]): Promise<WithdrawalRow[]>;
  /** A batch of `ids` made by `first`: its id. */
  batchOf(ids: string[]): Promise<string>;
  /**
   * After a round: checks that every treasury transfer on chain to the withdrawals' addresses is
   * stored once and matched to at most one withdrawal each, and answers each withdrawal with the
   * transfers paying it (its address, its exact amount), and the transfers left unmatched.
   */
  paymentsOf(ids: string[]): Promise<{
    paid: { row: WithdrawalRow; payments: UsdtTransfer[] }[];
    unmatched: Selectable<TreasuryTransfersTable>[];
  }>;
}

/**
 * The file's app for payout race rounds (issue 41): the demo chain with blocks mined by hand and
 * `raceConfirmations`, two administrators far under the four-eyes limit, and the calls every round
 * makes. Up before the file's tests and closed after them, its fields filled in place.
 */
export function payoutRaceAppForFile(settings: Partial<Config['withdrawals']>): PayoutRaceApp {
  const { chainApp, t, first, second } = startedForFile(['chainApp', 't', 'first', 'second'], async () => {
    const started = await startDemoChainApp({
      confirmations: raceConfirmations,
      mineByHand: true,
      withdrawals: { maxPending: 5, secondApprovalAbove: '100000000', ...settings },
    });
    return {
      chainApp: started,
      // Closing the file's app closes the demo chain with it.
      t: { ...started.t, close: () => started.close() },
      first: started.admin,
      second: await createMember(started.t.database.db, { isAdmin: true }),
    };
  });
  const post = (caller: UserRow, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: sessionHeaders(t.app, caller), payload });
  const withdrawals = (ids: string[]) =>
    t.database.db.selectFrom('withdrawals').selectAll().where('id', 'in', ids).execute();
  return {
    chainApp,
    t,
    first,
    second,
    post,
    exportOf: (caller, batchId, part) =>
      t.app.inject({
        method: 'GET',
        url: `/api/withdrawals/admin/batches/${batchId}/export?format=safe-json${part ? `&part=${part}` : ''}`,
        headers: sessionHeaders(t.app, caller),
      }),
    withdrawals,
    async batchOf(ids) {
      const created = await createBatch(t.app, first, { withdrawalIds: ids });
      expect(created.statusCode, created.body).toBe(200);
      return created.json().data._id;
    },
    async paymentsOf(ids) {
      const chain = t.app.context.integrations.depositChain;
      if (!chain) throw new Error('no chain configured');
      const rows = await withdrawals(ids);
      const wallets = rows.map((row) => row.wallet_address.toLowerCase());
      const onChain = await chain.transfersTo(wallets, 0, await chain.headBlockNumber());
      const stored = await t.database.db
        .selectFrom('treasury_transfers')
        .selectAll()
        .where('to_address', 'in', wallets)
        .execute();
      expect(stored).toHaveLength(onChain.length);
      const matched = stored.filter((transfer) => transfer.unmatched_reason === null);
      expect(new Set(matched.map((transfer) => transfer.withdrawal_id)).size).toBe(matched.length);
      return {
        paid: rows.map((row) => ({
          row,
          payments: onChain.filter(
            (transfer) =>
              transfer.to === row.wallet_address.toLowerCase() && new Decimal(transfer.amount).eq(row.amount),
          ),
        })),
        unmatched: stored.filter((transfer) => transfer.unmatched_reason !== null),
      };
    },
  };
}
