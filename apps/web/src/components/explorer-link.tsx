import { shortenAddress, shortenHash } from '@uplink/contract/format';
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

/**
 * A wallet or a transaction on the explorer by its shortened form, whole on hover: a hash as
 * `shortenHash` writes it, an address as `shorten` does (`shortenAddress` unless told).
 */
export function ShortExplorerLink(
  props: { address: string; shorten?: (address: string) => string } | { transaction: string },
) {
  if ('transaction' in props) {
    return (
      <ExplorerLink transaction={props.transaction} title={props.transaction}>
        {shortenHash(props.transaction)}
      </ExplorerLink>
    );
  }
  const { address, shorten = shortenAddress } = props;
  return (
    <ExplorerLink address={address} title={address}>
      {shorten(address)}
    </ExplorerLink>
  );
}
