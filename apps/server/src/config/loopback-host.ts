import { BlockList, isIP } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * True when a server listening on `host` can be reached only from this machine: 127.0.0.0/8,
 * ::1 (IPv4-mapped forms included) or the name localhost. 0.0.0.0 and :: listen everywhere.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const family = isIP(name);
  if (family === 0) return false;
  return loopback.check(name, family === 4 ? 'ipv4' : 'ipv6');
}
