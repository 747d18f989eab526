import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import { z } from 'zod';
import { ensurePrivateDirectory } from '../db/data-directory';
import { deployTestUsdt, startLocalEvm, testUsdtAbi } from './local-evm';

/** What `npm run demo:pay` needs to reach the chain the local server is watching. */
const demoChainInfoSchema = z.object({ rpcUrl: z.string(), chainId: z.number(), tokenAddress: z.string() });
export type DemoChainInfo = z.infer<typeof demoChainInfoSchema>;

export interface DemoChain extends DemoChainInfo {
  stop(): Promise<void>;
}

const infoFile = (dataDir: string) => path.join(dataDir, 'demo-chain.json');
/** Local mode mines a block every second, so confirmations keep arriving without traffic. */
const blockIntervalMs = 1000;
/** Hardhat's second unlocked test account plays the member's wallet (the first deployed the token). */
const demoPayerIndex = 1;

interface HardhatJsonRpcServer {
  listen(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

/**
 * Local mode's dev chain: the in-process Hardhat EVM served over HTTP JSON-RPC on loopback,
 * with the test USDT token deployed. Its address and URL go to DATA_DIR/demo-chain.json for
 * `demo:pay`. The chain lives in memory: every start is a fresh chain (the deposit scanner
 * notices and starts over, see deposit-scanner.ts).
 */
export async function startDemoChain(options: { dataDir: string; port: number }): Promise<DemoChain> {
  const evm = startLocalEvm();
  await evm.eip1193.request({ method: 'evm_setIntervalMining', params: [blockIntervalMs] });
  const deployer = await evm.provider.getSigner(0);
  const tokenAddress = await deployTestUsdt(deployer);

  const require = createRequire(import.meta.url);
  const { JsonRpcServer } = require('hardhat/internal/hardhat-network/jsonrpc/server') as {
    JsonRpcServer: new (config: { hostname: string; port: number; provider: unknown }) => HardhatJsonRpcServer;
  };
  const server = new JsonRpcServer({ hostname: '127.0.0.1', port: options.port, provider: evm.eip1193 });
  const { port } = await server.listen();
  const info: DemoChainInfo = { rpcUrl: `http://127.0.0.1:${port}`, chainId: 31337, tokenAddress };
  ensurePrivateDirectory(options.dataDir);
  writeFileSync(infoFile(options.dataDir), `${JSON.stringify(info, null, 2)}\n`);
  return {
    ...info,
    async stop() {
      await evm.eip1193.request({ method: 'evm_setIntervalMining', params: [0] });
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
 * A wallet paying a member on the demo chain: an ERC-20 transfer of `amount` USDT from the
 * chain's funded test account (minted first when it runs low), over JSON-RPC like any wallet.
 */
export async function payOnDemoChain(info: DemoChainInfo, to: string, amount: string): Promise<string> {
  const provider = new JsonRpcProvider(info.rpcUrl, info.chainId, { staticNetwork: true });
  try {
    const payer = await provider.getSigner(demoPayerIndex);
    const token = new Contract(info.tokenAddress, testUsdtAbi, payer);
    const value = parseUnits(amount, 18);
    if ((await token.getFunction('balanceOf')(await payer.getAddress())) < value) {
      await (await token.getFunction('mint')(await payer.getAddress(), value * 1000n)).wait();
    }
    const sent = await token.getFunction('transfer')(to, value);
    await sent.wait();
    return sent.hash as string;
  } finally {
    provider.destroy();
  }
}
