import type { ReactNode } from 'react';
import { explorerAddressUrl, explorerTransactionUrl } from '../config/explorer';

/**
 * A wallet address or a transaction on the block explorer of the chain the server watches, in a
 * new tab (config/explorer.ts).
 */
export function ExplorerLink({
  address,
  transaction,
  children,
  title,
  className = 'font-mono text-brand-700 underline-offset-2 hover:underline',
}: { children: ReactNode; title?: string; className?: string } & (
  | { address: string; transaction?: never }
  | { transaction: string; address?: never }
)) {
  const href = address === undefined ? explorerTransactionUrl(transaction) : explorerAddressUrl(address);
  return (
    <a className={className} href={href} target="_blank" rel="noreferrer" title={title}>
      {children}
    </a>
  );
}
