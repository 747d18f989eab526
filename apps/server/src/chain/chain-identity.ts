/** How long the start waits for the chain node to say which chain it serves. */
const askTimeoutMs = 5_000;

/** The chain id the JSON-RPC node at `rpcUrl` serves (`eth_chainId`), or the reason it could not be asked. */
export async function askChainId(rpcUrl: string): Promise<{ chainId: number } | { unreachable: string }> {
  try {
    const answer = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(askTimeoutMs),
    });
    const body = (await answer.json()) as { result?: string };
    if (!answer.ok || typeof body.result !== 'string') return { unreachable: `HTTP ${answer.status}, no chain id` };
    return { chainId: Number(BigInt(body.result)) };
  } catch (error) {
    return { unreachable: (error as Error).message };
  }
}

/**
 * @rule CHAIN_IDENTITY
 * At start, the node of BSC_RPC_URL must serve the chain of BSC_CHAIN_ID: a node of another chain
 * (a testnet endpoint in production, a main-network one in a test deployment) would credit
 * subscriptions and prove payouts from the wrong chain. A node that does not answer now is not
 * a refusal — the deposit scan waits for it — but a warning. Resolves the warning, if any; throws
 * the refusal.
 */
export async function checkChainIdentity(rpcUrl: string, expected: number): Promise<string | undefined> {
  const asked = await askChainId(rpcUrl);
  if ('unreachable' in asked) {
    return `the chain node at ${new URL(rpcUrl).origin} did not answer (${asked.unreachable}): its chain id is not checked; the deposit scan retries`;
  }
  if (asked.chainId !== expected) {
    throw new ChainMismatchError(
      `BSC_CHAIN_ID is ${expected} but the node at BSC_RPC_URL (${new URL(rpcUrl).origin}) serves chain ${asked.chainId}: point BSC_RPC_URL at a node of chain ${expected}, or set BSC_CHAIN_ID=${asked.chainId}`,
    );
  }
  return undefined;
}

export class ChainMismatchError extends Error {
  override name = 'ChainMismatchError';
}
