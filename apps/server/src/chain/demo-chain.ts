import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { deployTestUsdt, startLocalEvm } from './local-evm';

/** What `npm run demo:pay` needs to reach the chain the local server is watching. */
const demoChainInfoSchema = z.object({ rpcUrl: z.string(), chainId: z.number(), tokenAddress: z.string() });
export type DemoChainInfo = z.infer<typeof demoChainInfoSchema>;

export interface DemoChain extends DemoChainInfo {
  stop(): Promise<void>;
}

const infoFile = (dataDir: string) => path.join(dataDir, 'demo-chain.json');
/** Local mode mines a block every second, so confirmations keep arriving without traffic. */
const blockIntervalMs = 1000;

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
  mkdirSync(options.dataDir, { recursive: true });
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
