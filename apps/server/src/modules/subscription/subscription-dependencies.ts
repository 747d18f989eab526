import type { AppContext } from '../../app-context';
import { DepositScanner } from './deposit-scanner';

/** The scanner over the app's chain client; null when no chain is configured (tests of other features). */
export function createDepositScanner(context: AppContext): DepositScanner | null {
  const chain = context.integrations.depositChain;
  if (!chain) return null;
  return new DepositScanner({
    db: context.db,
    chain,
    subscription: context.config.subscription,
    confirmations: context.config.chain.confirmations,
    startBlock: context.config.chain.depositScanStartBlock,
  });
}
