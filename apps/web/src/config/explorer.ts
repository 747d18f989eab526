import { type BscNetwork, bscExplorerUrl } from '@uplink/contract/constants';

/**
 * The block explorer of the chain the server watches. The server names its network in the page
 * it serves (`<meta name="uplink-bsc-network" content="main|test">`, see the server's
 * web-app-serving.ts), so one build links to the main network's explorer where the deployment
 * watches the main network and to the test network's everywhere else (the Vite dev server
 * included, which serves the page without it).
 */
function servedNetwork(): BscNetwork {
  if (typeof document === 'undefined') return 'test';
  const named = document.querySelector<HTMLMetaElement>('meta[name="uplink-bsc-network"]')?.content;
  return named === 'main' ? 'main' : 'test';
}

export const explorerUrl = bscExplorerUrl(servedNetwork());

export const explorerTransactionUrl = (hash: string) => `${explorerUrl}/tx/${hash}`;
export const explorerAddressUrl = (address: string) => `${explorerUrl}/address/${address}`;
