import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How a chain node fails one JSON-RPC method while it answers the others: `refused` answers an
 * error at once (a provider's "limit exceeded" on eth_getLogs), `stalled` takes the request and
 * answers only once the method is restored (a node whose log index hangs).
 */
export type RpcFault = 'refused' | 'stalled';

export interface JsonRpcFaultProxy {
  /** The proxy's URL: give it to the server instead of the node's. */
  readonly url: string;
  /** From now on calls of `method` meet `fault`; every other method is passed on as it is. */
  fail(method: string, fault: RpcFault): void;
  /** Every method is passed on again, the stalled calls too (late). */
  restore(): void;
  close(): Promise<void>;
}

interface RpcCall {
  id: unknown;
  method: string;
}

/** What public BSC nodes answer an eth_getLogs they will not serve. */
const refusal = (call: RpcCall) => ({
  jsonrpc: '2.0',
  id: call.id,
  error: { code: -32005, message: 'limit exceeded' },
});

async function bodyOf(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** An HTTP JSON-RPC proxy on this machine in front of `upstreamUrl`, failing the methods it is told to. */
export async function startJsonRpcFaultProxy(upstreamUrl: string): Promise<JsonRpcFaultProxy> {
  const faults = new Map<string, RpcFault>();
  const stalled = new Set<() => void>();

  async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const body = await bodyOf(request);
    const parsed = JSON.parse(body) as RpcCall | RpcCall[];
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    const fault = calls.map((call) => faults.get(call.method)).find((found) => found !== undefined);
    if (fault === 'refused') {
      const refused = calls.map(refusal);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(Array.isArray(parsed) ? refused : refused[0]));
      return;
    }
    if (fault === 'stalled') await new Promise<void>((release) => stalled.add(release));
    const upstream = await fetch(upstreamUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    response.writeHead(upstream.status, { 'content-type': 'application/json' });
    response.end(await upstream.text());
  }

  // A node that cannot be reached behind the proxy: the connection is dropped, as the node's own would be.
  const server = http.createServer((request, response) => {
    answer(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const releaseStalled = () => {
    for (const release of stalled) release();
    stalled.clear();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    fail(method, fault) {
      faults.set(method, fault);
    },
    restore() {
      faults.clear();
      releaseStalled();
    },
    async close() {
      releaseStalled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
