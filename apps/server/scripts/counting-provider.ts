import { BrowserProvider, type Eip1193Provider } from 'ethers';

/** An ethers provider over `inner` that counts every JSON-RPC request reaching the node, by method. */
export function countingProvider(inner: Eip1193Provider) {
  const counter = { calls: 0, byMethod: new Map<string, number>() };
  const provider: Eip1193Provider = {
    request(args) {
      counter.calls += 1;
      counter.byMethod.set(args.method, (counter.byMethod.get(args.method) ?? 0) + 1);
      return inner.request(args);
    },
  };
  return {
    counter,
    provider: new BrowserProvider(
      provider,
      { chainId: 31337, name: 'hardhat' },
      { polling: false, cacheTimeout: -1, staticNetwork: true },
    ),
  };
}
