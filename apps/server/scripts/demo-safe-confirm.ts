/**
 * Confirms and executes a queued transaction of the demo treasury Safe as its owners would in
 * Safe{Wallet}: `npm run demo:safe-confirm -- <safeTxHash>`. The owners (Hardhat test accounts of
 * the demo chain, never real keys) sign until the threshold is met, posting each confirmation to
 * the demo chain's local Safe Transaction Service, and one executes it on the demo chain; the
 * treasury reconciliation then sees its transfers like any other payment.
 */
import path from 'node:path';
import { readDemoChainInfo } from '../src/chain/demo-chain';
import { confirmAndExecuteAsDemoOwners } from '../src/chain/demo-safe-owners';
import { runOperatorCommand, UsageError } from '../src/operator-command';
import { defaultDataDir } from '../src/server-folders';

await runOperatorCommand({
  name: 'demo:safe-confirm',
  usage: 'npm run demo:safe-confirm -- <safeTxHash>',
  summary:
    'Signs a queued transaction of the demo treasury Safe as its owners (to its threshold) and executes it on the local demo chain of the running server (npm start).',
  settings: ['DATA_DIR (where the running server wrote demo-chain.json, default ./data)', 'nothing else'],
  positionals: true,
  async run({ positionals }) {
    const [safeTxHash] = positionals;
    if (!safeTxHash || !/^0x[0-9a-fA-F]{64}$/.test(safeTxHash))
      throw new UsageError('name the Safe transaction by its safeTxHash (0x and 64 hex digits)');
    const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : defaultDataDir;
    const execution = await confirmAndExecuteAsDemoOwners(readDemoChainInfo(dataDir), safeTxHash);
    for (const owner of execution.confirmedBy) console.log(`Confirmed by owner ${owner}`);
    console.log(
      `${execution.successful ? 'Executed' : 'Executed, and it failed'}: transaction ${execution.transactionHash}`,
    );
    return execution.successful ? 0 : 1;
  },
});
