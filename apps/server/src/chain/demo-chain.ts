import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  Contract,
  id,
  JsonRpcProvider,
  MaxUint256,
  NonceManager,
  parseEther,
  parseUnits,
  type Signer,
  toQuantity,
  Wallet,
} from 'ethers';
import { z } from 'zod';
import { writePrivateFile } from '../db/data-directory';
import { deployDemoTreasurySafe, registerDemoProposer } from './demo-safe';
import { batchTransferAbi, deployBatchTransfer, deployTestUsdt, startLocalEvm, testUsdtAbi } from './local-evm';
import { startLocalSafeTransactionService } from './safe-transaction-service/local-safe-transaction-service';

/** What `npm run demo:pay` needs to reach the chain the local server is watching. */
const demoChainInfoSchema = z.object({
  rpcUrl: z.string(),
  chainId: z.number(),
  tokenAddress: z.string(),
  /** The multi-send contract the demo treasury pays batches through. */
  batchTransferAddress: z.string(),
  /** The demo treasury Safe (2-of-3) and the Safe 1.4.1 contracts it runs on. */
  safeAddress: z.string(),
  /** The local Safe Transaction Service of the demo chain (its `/api` root), the demo proposer a delegate there. */
  safeTxServiceUrl: z.string(),
  safeContracts: z.object({
    safeSingletonAddress: z.string(),
    safeProxyFactoryAddress: z.string(),
    multiSendAddress: z.string(),
    multiSendCallOnlyAddress: z.string(),
    fallbackHandlerAddress: z.string(),
    signMessageLibAddress: z.string(),
    createCallAddress: z.string(),
    simulateTxAccessorAddress: z.string(),
  }),
});
export type DemoChainInfo = z.infer<typeof demoChainInfoSchema>;
/** What paying from the demo treasury (an account of the chain, not the Safe) needs of it. */
export type DemoTreasuryChain = Pick<DemoChainInfo, 'rpcUrl' | 'chainId' | 'tokenAddress' | 'batchTransferAddress'>;

export interface DemoChain extends DemoChainInfo {
  stop(): Promise<void>;
}

const infoFile = (dataDir: string) => path.join(dataDir, 'demo-chain.json');
/** Local mode mines a block every second, so confirmations keep arriving without traffic. */
const blockIntervalMs = 1000;
/**
 * Who sends on the demo chain: the treasury is Hardhat's second unlocked test account
 * (`demoTreasuryAddress`, whose transfers the treasury reconciliation reads; the first deployed
 * the contracts); `memberWallet` is a wallet of the paying member's own, one per deposit address
 * (`demoMemberWallet`), so the demo's subscriptions do not all come from one address — which the
 * risk review would rightly flag as a SHARED_FUNDING_WALLET.
 */
const treasuryAccount = 1;
export type DemoPayer = 'treasury' | 'memberWallet';

/** Gas money for a member's demo wallet: a transfer and a mint cost far less. */
const memberWalletGas = parseEther('1');

interface HardhatJsonRpcServer {
  listen(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

/**
 * Local mode's dev chain: the in-process Hardhat EVM served over HTTP JSON-RPC on loopback,
 * with the test USDT token and the multi-send contract deployed (the treasury has approved it on
 * the token, as a treasury approves its batch payer), and the Safe 1.4.1 contracts with the demo
 * treasury Safe holding test USDT (demo-safe.ts), and a local Safe Transaction Service where the
 * demo proposer is the Safe's delegate. Their addresses and the URLs go to
 * DATA_DIR/demo-chain.json for `demo:pay`. The chain lives in memory: every start is a fresh chain (the deposit scanner
 * notices and starts over, see deposit-scanner.ts).
 */
export async function startDemoChain(options: { dataDir: string; port: number }): Promise<DemoChain> {
  const evm = startLocalEvm();
  await evm.eip1193.request({ method: 'evm_setIntervalMining', params: [blockIntervalMs] });
  const deployer = await evm.provider.getSigner(0);
  const tokenAddress = await deployTestUsdt(deployer);
  const batchTransferAddress = await deployBatchTransfer(deployer);
  const treasury = await evm.provider.getSigner(treasuryAccount);
  await (
    await new Contract(tokenAddress, testUsdtAbi, treasury).getFunction('approve')(batchTransferAddress, MaxUint256)
  ).wait();
  const { safeAddress, safeContracts } = await deployDemoTreasurySafe(evm.eip1193, deployer, 31337, tokenAddress);

  const require = createRequire(import.meta.url);
  const { JsonRpcServer } = require('hardhat/internal/hardhat-network/jsonrpc/server') as {
    JsonRpcServer: new (config: { hostname: string; port: number; provider: unknown }) => HardhatJsonRpcServer;
  };
  const server = new JsonRpcServer({ hostname: '127.0.0.1', port: options.port, provider: evm.eip1193 });
  const { port } = await server.listen();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const safeService = await startLocalSafeTransactionService({ rpcUrl, chainId: 31337, port: 0 });
  await registerDemoProposer({ serviceUrl: safeService.url, rpcUrl, chainId: 31337, safeAddress });
  const info: DemoChainInfo = {
    rpcUrl,
    chainId: 31337,
    tokenAddress,
    batchTransferAddress,
    safeAddress,
    safeTxServiceUrl: safeService.url,
    safeContracts,
  };
  writePrivateFile(infoFile(options.dataDir), `${JSON.stringify(info, null, 2)}\n`);
  return {
    ...info,
    async stop() {
      await evm.eip1193.request({ method: 'evm_setIntervalMining', params: [0] });
      await safeService.close();
      await server.close();
    },
  };
}

export function readDemoChainInfo(dataDir: string): DemoChainInfo {
  try {
    return demoChainInfoSchema.parse(JSON.parse(readFileSync(infoFile(dataDir), 'utf8')));
  } catch {
    throw new Error(`No demo chain found in ${dataDir}: start the server in local mode first (npm start).`);
  }
}

/**
 * A wallet paying on the demo chain: an ERC-20 transfer of `amount` USDT from one of the chain's
 * funded test accounts (minted first when it runs low), over JSON-RPC like any wallet.
 */
export async function payOnDemoChain(
  info: Pick<DemoChainInfo, 'rpcUrl' | 'chainId' | 'tokenAddress'>,
  from: DemoPayer,
  to: string,
  amount: string,
): Promise<string> {
  const provider = new JsonRpcProvider(info.rpcUrl, info.chainId, { staticNetwork: true });
  try {
    const payer =
      from === 'treasury' ? await provider.getSigner(treasuryAccount) : await demoMemberWallet(provider, to);
    const value = parseUnits(amount, 18);
    const token = await fundedToken(info, payer, value);
    const sent = await token.getFunction('transfer')(to, value);
    await sent.wait();
    return sent.hash as string;
  } finally {
    provider.destroy();
  }
}

/**
 * The wallet a member pays their subscription from on the demo chain: derived from their deposit
 * address (the same member, the same wallet, every time), given gas by the chain itself.
 */
async function demoMemberWallet(provider: JsonRpcProvider, depositAddress: string): Promise<Signer> {
  const wallet = new Wallet(id(`uplink:demo-member-wallet:${depositAddress.toLowerCase()}`), provider);
  await provider.send('hardhat_setBalance', [wallet.address, toQuantity(memberWalletGas)]);
  // It may mint and then pay at once: its nonces counted here, not read back from a caching provider.
  return new NonceManager(wallet);
}

/**
 * The demo treasury pays many recipients in one transaction through the multi-send contract:
 * one `transferFrom(treasury, recipient, amount)` — one `Transfer` log — per line, in order.
 */
export async function payManyOnDemoChain(
  info: DemoTreasuryChain,
  lines: readonly { to: string; amount: string }[],
): Promise<string> {
  const provider = new JsonRpcProvider(info.rpcUrl, info.chainId, { staticNetwork: true });
  try {
    const payer = await provider.getSigner(treasuryAccount);
    const values = lines.map((line) => parseUnits(line.amount, 18));
    await fundedToken(
      info,
      payer,
      values.reduce((sum, value) => sum + value, 0n),
    );
    const batch = new Contract(info.batchTransferAddress, batchTransferAbi, payer);
    const sent = await batch.getFunction('payMany')(
      info.tokenAddress,
      lines.map((line) => line.to),
      values,
      { gasLimit: multiSendGasLimit(lines.length) },
    );
    await sent.wait();
    return sent.hash as string;
  } finally {
    provider.destroy();
  }
}

/**
 * The gas a multi-send of `lines` transfers may use, stated rather than estimated: the EVM caps a
 * transaction at 2^24 gas (EIP-7825) and refuses an estimate it would start above that, as it does
 * for a few hundred lines. A transfer to a new holder measured 27,500 gas here; 32,000 a line
 * leaves room, and 500 lines (the most PAYOUT_TRANSFERS_PER_TRANSACTION allows) stay under the cap.
 */
const multiSendGasLimit = (lines: number) => Math.min(2 ** 24, 200_000 + lines * 32_000);

/** The token as `payer` holds it, minted first when the payer holds less than `needed`. */
async function fundedToken(info: Pick<DemoChainInfo, 'tokenAddress'>, payer: Signer, needed: bigint) {
  const token = new Contract(info.tokenAddress, testUsdtAbi, payer);
  if ((await token.getFunction('balanceOf')(await payer.getAddress())) < needed) {
    await (await token.getFunction('mint')(await payer.getAddress(), needed * 1000n)).wait();
  }
  return token;
}
