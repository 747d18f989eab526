import net, { type AddressInfo, type Socket } from 'node:net';

/**
 * How an outage looks from the server: `refused` drops every connection at once (a stopped
 * service), `silent` takes connections and never answers (a host gone from the network, the
 * case only a timeout ends).
 */
export type Outage = 'refused' | 'silent';

export interface CuttableProxy {
  /** host:port of the proxy: give it to the server instead of the service's own address. */
  readonly address: string;
  /** From now on the service is out: open connections are dropped, new ones meet `outage`. */
  cut(outage: Outage): void;
  /** The service is reachable again through the proxy (connections held meanwhile are dropped, to be made anew). */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP proxy on this machine in front of `target` (host:port), cut and restored by the test. */
export async function startCuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  let outage: Outage | null = null;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (outage === 'refused') return client.resetAndDestroy();
    if (outage === 'silent') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    cut(kind) {
      outage = kind;
      for (const socket of open) socket.destroy();
    },
    restore() {
      outage = null;
      for (const socket of open) socket.destroy();
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
