import http from 'node:http';
import type { AddressInfo } from 'node:net';
import SafeApiKit from '@safe-global/api-kit';
import Safe from '@safe-global/protocol-kit';
import { getAddress, Interface } from 'ethers';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { payOnDemoChain } from '../../chain/demo-chain';
import { demoSafeOwnerAccounts, demoSafeProposerAccount, hardhatAccount } from '../../chain/demo-safe';
import { confirmAndExecuteAsDemoOwners } from '../../chain/demo-safe-owners';
import { testUsdtAbi } from '../../chain/local-evm';
import { contractNetworks } from '../../chain/safe-contracts';
import { appWithSettings, fundedMember, requestedWithdrawal } from '../../testing/builders';
import { batchesPaidByHand, demoChainAppForFile } from '../../testing/demo-chain-app';
import { auditOf, createBatch, reconcileOnce } from '../../testing/payout-builders';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';
import { findPaymentsSeenOnChain, findSeenPayments } from '../withdrawals/payment-seen';

/**
 * Issue 41: a batch's part proposed to the demo treasury Safe over HTTP, with the real
 * protocol-kit and api-kit, to the local Safe Transaction Service, confirmed and executed by the
 * demo owners on the demo chain, and reconciled: each wallet paid once.
 */
const token = new Interface(testUsdtAbi);

describe('a payout batch proposed to the treasury Safe', () => {
  const chain = demoChainAppForFile(batchesPaidByHand);
  const inject = (method: 'GET' | 'POST', url: string) =>
    chain.t.app.inject({ method, url: `/api${url}`, headers: chain.adminHeaders });
  const propose = (batchId: string) => inject('POST', `/withdrawals/admin/batches/${batchId}/propose`);
  const service = () =>
    new SafeApiKit({ chainId: BigInt(chain.demoChain.chainId), txServiceUrl: chain.demoChain.safeTxServiceUrl });
  const withdrawal = (id: string) =>
    chain.t.database.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function batchOfNew(count: number): Promise<{ batchId: string; ids: string[] }> {
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      ids.push(await requestedWithdrawal(chain.t, await fundedMember(chain.t.database.db, '100'), 11 + index));
    }
    const created = await createBatch(chain.t.app, chain.admin, { withdrawalIds: ids });
    expect(created.statusCode, created.body).toBe(200);
    return { batchId: created.json().data._id, ids };
  }

  /** A manual release waits while the Safe's queue holds a transaction (named in the refusal) paying the batch. */
  async function expectReleaseRefusedWhileQueued(
    batchId: string,
    safeTxHash: string,
    app: FastifyInstance = chain.t.app,
  ): Promise<void> {
    const release = await app.inject({
      method: 'POST',
      url: `/api/withdrawals/admin/batches/${batchId}/release`,
      headers: chain.adminHeaders,
      payload: { reason: 'Rejected in Safe' },
    });
    expect(release.statusCode).toBe(409);
    expect(release.json()).toMatchObject({
      errorCode: 'PAYOUT_BATCH_QUEUED_IN_SAFE',
      message: expect.stringContaining(safeTxHash.toLowerCase()),
    });
  }

  /** The treasury Safe as one of its owners works it. */
  const safeOfOwner = (account: number) =>
    Safe.init({
      provider: chain.demoChain.rpcUrl,
      signer: hardhatAccount(account).privateKey,
      safeAddress: chain.demoChain.safeAddress,
      contractNetworks: contractNetworks(chain.demoChain.chainId, chain.demoChain.safeContracts),
    });

  /** What the owners do in Safe{Wallet} to drop a queued transaction: a rejection at its nonce, signed by two, executed. */
  async function rejectedByOwners(nonce: string): Promise<string> {
    const [first, second] = [await safeOfOwner(demoSafeOwnerAccounts[0]), await safeOfOwner(demoSafeOwnerAccounts[1])];
    const rejection = await first.createRejectionTransaction(Number(nonce));
    const signed = await second.signTransaction(await first.signTransaction(rejection));
    const { hash } = await second.executeTransaction(signed);
    await chain.provider.waitForTransaction(hash);
    return hash.toLowerCase();
  }

  /** The app with a Transaction Service that takes every call and never answers (calls give up after 300 ms). */
  async function withSilentService(work: (app: FastifyInstance) => Promise<void>): Promise<void> {
    const silent = http.createServer(() => {});
    await new Promise<void>((listening) => silent.listen(0, '127.0.0.1', listening));
    const settings = chain.t.config;
    const hanging = await appWithSettings(chain.t, {
      safe: {
        ...settings.safe,
        txServiceUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/api`,
        callTimeoutMs: 300,
      },
    });
    try {
      await work(hanging);
    } finally {
      await hanging.close();
      silent.closeAllConnections();
      silent.close();
    }
  }

  it('proposes the part once as the delegate; the owners execute it; reconciled, each wallet is paid once', async () => {
    const { batchId, ids } = await batchOfNew(2);
    const proposed = await propose(batchId);
    expect(proposed.statusCode, proposed.body).toBe(200);
    const proposal = proposed.json().data;
    expect(proposal).toMatchObject({ part: 1, state: 'QUEUED', transfers: 2, total: 23, transactionHash: null });
    const queued = await service().getTransaction(proposal.safeTxHash);
    expect(queued).toMatchObject({ nonce: proposal.nonce, isExecuted: false, confirmations: [] });
    expect(queued.proposer).toBe(hardhatAccount(demoSafeProposerAccount).address);
    expect(queued.to).toBe(chain.demoChain.safeContracts.multiSendCallOnlyAddress);

    // Queued in the Safe, its withdrawals' payment is seen (no path pays them again), not yet sent on chain.
    const db = chain.t.database.db;
    expect(await findSeenPayments(db, ids)).toEqual(new Map(ids.map((id) => [id, proposal.safeTxHash])));
    expect(await findPaymentsSeenOnChain(db, ids)).toEqual(new Map());

    const again = await propose(batchId);
    expect(again.json()).toMatchObject({
      data: { safeTxHash: proposal.safeTxHash },
      message: expect.stringMatching(/already proposed/),
    });
    const batch = await inject('GET', `/withdrawals/admin/batches/${batchId}`);
    expect(batch.json().data.batch.status).toBe('PAYMENT_UNDER_WAY');
    // The page reads the queue's count from the service: no owner has confirmed yet, two of three must.
    expect(batch.json().data.safeProposals).toEqual([{ ...proposal, confirmations: 0, threshold: 2 }]);
    expect(batch.json().data.safe).toEqual({ address: getAddress(chain.demoChain.safeAddress), proposing: true });
    const file = await inject('GET', `/withdrawals/admin/batches/${batchId}/export?format=safe-json`);
    expect(file.json().errorCode).toBe('PAYOUT_PART_ALREADY_PROPOSED');
    expect(await auditOf(chain.t.database.db, batchId, 'PAYOUT_BATCH_PROPOSED')).toMatchObject({
      after: { part: 1, nonce: proposal.nonce, safeTxHash: proposal.safeTxHash },
    });

    const execution = await confirmAndExecuteAsDemoOwners(chain.demoChain, proposal.safeTxHash);
    expect(execution.successful).toBe(true);
    await chain.mine(batchesPaidByHand.confirmations);
    await reconcileOnce(chain.t.app);
    const head = await chain.provider.getBlockNumber();
    for (const id of ids) {
      const row = await withdrawal(id);
      expect(row.status).toBe('APPROVED');
      expect(row.transaction_hash).toBe(execution.transactionHash);
      const transfers = await chain.t.app.context.integrations.depositChain?.transfersTo([row.wallet_address], 0, head);
      expect(transfers).toHaveLength(1);
    }
    expect(await findLedgerDiscrepancies(chain.t.database.db)).toEqual([]);
    const reconciled = (await inject('GET', `/withdrawals/admin/batches/${batchId}`)).json().data;
    expect(reconciled.batch.status).toBe('PAID');
    expect(reconciled.safeProposals).toEqual([
      { ...proposal, state: 'EXECUTED', transactionHash: execution.transactionHash },
    ]);
  });

  it('a part replaced while another part waits keeps its claims until that part is decided, then releases the batch', async () => {
    // Runs while the Safe's queue is empty (the first test executed its proposal): the owners
    // decide its two parts at the next two nonces.
    const { batchId, ids } = await batchOfNew(2);
    // One transfer a part: the batch's two withdrawals go in two Safe transactions.
    const onePerPart = await appWithSettings(chain.t, {
      withdrawals: { ...chain.t.config.withdrawals, transfersPerTransaction: 1 },
    });
    const proposePart = async (part: number) => {
      const answer = await onePerPart.inject({
        method: 'POST',
        url: `/api/withdrawals/admin/batches/${batchId}/propose?part=${part}`,
        headers: chain.adminHeaders,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data;
    };
    const first = await proposePart(1);
    const second = await proposePart(2);
    await onePerPart.close();
    expect(Number(second.nonce)).toBe(Number(first.nonce) + 1);

    const rejection = await rejectedByOwners(first.nonce);
    await chain.mine(batchesPaidByHand.confirmations);
    await reconcileOnce(chain.t.app);
    // The second part can still pay: nothing of the batch may be paid again meanwhile.
    expect((await withdrawal(ids[0] as string)).payment_claimed_at).not.toBeNull();
    await expect(auditOf(chain.t.database.db, batchId, 'PAYOUT_BATCH_RELEASED')).rejects.toThrow('no result');

    const execution = await confirmAndExecuteAsDemoOwners(chain.demoChain, second.safeTxHash);
    expect(execution.successful).toBe(true);
    await chain.mine(batchesPaidByHand.confirmations);
    await reconcileOnce(chain.t.app);
    expect((await withdrawal(ids[0] as string)).payment_claimed_at).toBeNull();
    expect(await withdrawal(ids[1] as string)).toMatchObject({
      status: 'APPROVED',
      transaction_hash: execution.transactionHash,
    });
    expect(await auditOf(chain.t.database.db, batchId, 'PAYOUT_BATCH_RELEASED')).toMatchObject({
      actor_id: null,
      after: { reason: `released: Safe nonce ${first.nonce} used by ${rejection}` },
    });
    expect(await findLedgerDiscrepancies(chain.t.database.db)).toEqual([]);
  });

  it('a queued proposal blocks a manual release; replaced by a rejection at its nonce, it releases its batch by itself', async () => {
    const { batchId, ids } = await batchOfNew(1);
    const proposal = (await propose(batchId)).json().data;
    await expectReleaseRefusedWhileQueued(batchId, proposal.safeTxHash);

    const rejection = await rejectedByOwners(proposal.nonce);
    await chain.mine(batchesPaidByHand.confirmations);
    await reconcileOnce(chain.t.app);
    const stored = await chain.t.database.db
      .selectFrom('payout_safe_proposals')
      .selectAll()
      .where('safe_tx_hash', '=', proposal.safeTxHash)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ state: 'REPLACED', transaction_hash: rejection });
    expect((await inject('GET', `/withdrawals/admin/batches/${batchId}`)).json().data.batch.status).toBe('OPEN');
    expect((await withdrawal(ids[0] as string)).payment_claimed_at).toBeNull();
    expect(await auditOf(chain.t.database.db, batchId, 'PAYOUT_BATCH_RELEASED')).toMatchObject({
      actor_id: null,
      after: { reason: `released: Safe nonce ${proposal.nonce} used by ${rejection}`, withdrawalsReleased: 1 },
    });

    // Released, the batch can go, and its withdrawals be batched and proposed again, at the next nonce.
    expect(
      (
        await chain.t.app.inject({
          method: 'DELETE',
          url: `/api/withdrawals/admin/batches/${batchId}`,
          headers: chain.adminHeaders,
        })
      ).statusCode,
    ).toBe(200);
    const batchedAgain = await createBatch(chain.t.app, chain.admin, { withdrawalIds: ids });
    const again = (await propose(batchedAgain.json().data._id)).json().data;
    expect(again).toMatchObject({ state: 'QUEUED', nonce: String(Number(proposal.nonce) + 1) });
  });

  it('refuses a manual release of a proposal its nonce has not decided, whatever the service lists', async () => {
    // Deleted from the service, or the service away: its signatures can still execute it, and only
    // a rejection at its nonce (the test above) proves it will not pay.
    const { batchId, ids } = await batchOfNew(1);
    const proposal = (await propose(batchId)).json().data;
    await withSilentService((hanging) => expectReleaseRefusedWhileQueued(batchId, proposal.safeTxHash, hanging));
    expect((await withdrawal(ids[0] as string)).payment_claimed_at).not.toBeNull();
  });

  it('two proposes at once propose one Safe transaction', async () => {
    const { batchId } = await batchOfNew(1);
    const before = (await service().getMultisigTransactions(chain.demoChain.safeAddress)).count;
    const answers = await Promise.all([propose(batchId), propose(batchId)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(new Set(answers.map((answer) => answer.json().data.safeTxHash)).size).toBe(1);
    expect((await service().getMultisigTransactions(chain.demoChain.safeAddress)).count).toBe(before + 1);
  });

  it('refuses a batch whose files were downloaded, and one whose payment the chain already shows', async () => {
    const exported = await batchOfNew(1);
    expect(
      (await inject('GET', `/withdrawals/admin/batches/${exported.batchId}/export?format=safe-json`)).statusCode,
    ).toBe(200);
    expect((await propose(exported.batchId)).json().errorCode).toBe('PAYOUT_BATCH_FILES_EXPORTED');

    const paid = await batchOfNew(1);
    const { wallet_address: wallet, amount } = await withdrawal(paid.ids[0] as string);
    const hash = (await payOnDemoChain(chain.demoChain, 'treasury', wallet, amount)).toLowerCase();
    const refused = await propose(paid.batchId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'WITHDRAWAL_PAYMENT_SEEN',
      message: expect.stringContaining(hash),
    });
    expect((await propose('00000000-0000-4000-8000-000000000000')).json().errorCode).toBe('PAYOUT_BATCH_NOT_FOUND');
  });

  it('refuses without a configured Safe, and past the four-eyes limit without a second approval', async () => {
    const { batchId } = await batchOfNew(1);
    const settings = chain.t.config;
    const unconfigured = await appWithSettings(chain.t, {
      safe: {
        ...settings.safe,
        treasurySafeAddress: undefined,
        txServiceUrl: undefined,
        proposerPrivateKey: undefined,
        contracts: undefined,
      },
    });
    const fourEyes = await appWithSettings(chain.t, {
      withdrawals: { ...settings.withdrawals, secondApprovalAbove: '1' },
    });
    for (const [app, code] of [
      [unconfigured, 'SAFE_NOT_CONFIGURED'],
      [fourEyes, 'PAYOUT_APPROVAL_REQUIRED'],
    ] as const) {
      const answer = await app.inject({
        method: 'POST',
        url: `/api/withdrawals/admin/batches/${batchId}/propose`,
        headers: chain.adminHeaders,
      });
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().errorCode).toBe(code);
      await app.close();
    }
    const batch = await inject('GET', `/withdrawals/admin/batches/${batchId}`);
    expect(batch.json().data.batch.status).toBe('OPEN');
  });

  it('shows the Safe on the batch page: its proposals without their count while the service does not answer', async () => {
    const { batchId } = await batchOfNew(1);
    expect((await propose(batchId)).statusCode).toBe(200);
    const safe = chain.t.config.safe;
    const unanswered = await appWithSettings(chain.t, { safe: { ...safe, txServiceUrl: 'http://127.0.0.1:9/api' } });
    const filesOnly = await appWithSettings(chain.t, { safe: { ...safe, txServiceUrl: undefined } });
    for (const [app, proposing] of [
      [unanswered, true],
      [filesOnly, false],
    ] as const) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/withdrawals/admin/batches/${batchId}`,
        headers: chain.adminHeaders,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data.safe).toEqual({ address: getAddress(chain.demoChain.safeAddress), proposing });
      expect(answer.json().data.safeProposals).toMatchObject([
        { state: 'QUEUED', confirmations: null, threshold: null },
      ]);
      await app.close();
    }
  });

  it('gives up on a Transaction Service that does not answer (503) and leaves the batch unlocked and unclaimed', async () => {
    const { batchId } = await batchOfNew(1);
    await withSilentService(async (hanging) => {
      const answer = await hanging.inject({
        method: 'POST',
        url: `/api/withdrawals/admin/batches/${batchId}/propose`,
        headers: chain.adminHeaders,
      });
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json().message).toMatch(/within 300 ms/);
    });
    expect((await inject('GET', `/withdrawals/admin/batches/${batchId}`)).json().data.batch.status).toBe('OPEN');
    expect((await propose(batchId)).statusCode).toBe(200);
  });

  it('refuses a manual release while a file imported in Safe{Wallet} waits in the queue paying the batch', async () => {
    const { batchId } = await batchOfNew(2);
    const file = (await inject('GET', `/withdrawals/admin/batches/${batchId}/export?format=safe-json`)).json();
    // The treasurer imports the Transaction Builder file: an owner proposes its calls, one MultiSend.
    const owner = hardhatAccount(demoSafeOwnerAccounts[0]);
    const safe = await safeOfOwner(demoSafeOwnerAccounts[0]);
    const imported = await safe.createTransaction({
      transactions: file.transactions.map(
        (call: { to: string; contractInputsValues: { to: string; value: string } }) => ({
          to: call.to,
          value: '0',
          data: token.encodeFunctionData('transfer', [call.contractInputsValues.to, call.contractInputsValues.value]),
          operation: 0,
        }),
      ),
    });
    const safeTxHash = await safe.getTransactionHash(imported);
    await service().proposeTransaction({
      safeAddress: chain.demoChain.safeAddress,
      safeTransactionData: imported.data,
      safeTxHash,
      senderAddress: owner.address,
      senderSignature: (await safe.signHash(safeTxHash)).data,
    });
    await expectReleaseRefusedWhileQueued(batchId, safeTxHash);
  });
});
