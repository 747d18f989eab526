import { bscExplorerUrl } from '@uplink/contract/constants';
import type { ReactNode } from 'react';

/**
 * A wallet address or a transaction on the block explorer, in a new tab. The explorer's address
 * comes from this one import.
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
  const path = address === undefined ? `tx/${transaction}` : `address/${address}`;
  return (
    <a className={className} href={`${bscExplorerUrl}/${path}`} target="_blank" rel="noreferrer" title={title}>
      {children}
    </a>
  );
}
