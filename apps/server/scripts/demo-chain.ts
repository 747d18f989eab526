/**
 * Runs the demo chain on its own (`npm run demo:chain`): the in-process Hardhat EVM over HTTP
 * JSON-RPC with the test USDT token, for running the server against it as if it were BSC:
 *   DEMO_CHAIN=false BSC_RPC_URL=<printed url> BSC_CHAIN_ID=31337 USDT_CONTRACT_ADDRESS=<printed> CONFIRMATIONS=2
 * `npm start` in local mode already runs one inside the server; this is for other setups.
 */
import path from 'node:path';
import { startDemoChain } from '../src/chain/demo-chain';
import { safeVersion } from '../src/chain/safe-contracts';
import { runOperatorCommand } from '../src/operator-command';

await runOperatorCommand({
  name: 'demo:chain',
  usage: 'npm run demo:chain',
  summary:
    'Runs the local demo chain (Hardhat EVM with the test USDT token and the treasury Safe) on its own and prints the variables that point a server at it; Ctrl-C stops it.',
  settings: [
    'DEMO_CHAIN_PORT (default 8545)',
    'DATA_DIR (where demo-chain.json is written, default ./data)',
    'nothing else',
  ],
  async run() {
    const port = Number(process.env.DEMO_CHAIN_PORT ?? 8545);
    const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
    const chain = await startDemoChain({ dataDir, port });
    console.log(`Demo chain at ${chain.rpcUrl} (chain id ${chain.chainId}), test USDT at ${chain.tokenAddress}`);
    console.log(`Treasury Safe (2-of-3, Safe ${safeVersion}) at ${chain.safeAddress}`);
    console.log(`Local Safe Transaction Service (demo and tests only) at ${chain.safeTxServiceUrl}`);
    console.log(
      `Server: DEMO_CHAIN=false BSC_RPC_URL=${chain.rpcUrl} BSC_CHAIN_ID=${chain.chainId} USDT_CONTRACT_ADDRESS=${chain.tokenAddress} CONFIRMATIONS=2`,
    );
    const stop = async () => {
      await chain.stop();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop());
    process.on('SIGTERM', () => void stop());
    return undefined;
  },
});
