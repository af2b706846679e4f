import { BlockList, isIP } from 'node:net';

/**
 * Addresses a callback must never reach unless CALLBACK_ALLOW_PRIVATE is set: loopback, private,
 * link-local, carrier-grade NAT, "this network", benchmarking, multicast and reserved ranges, in
 * IPv4 and IPv6 (IPv4-mapped IPv6 addresses are checked as the IPv4 they carry). Otherwise a
 * merchant's callbackUrl would let anyone make this service call its own internal network.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP literal is one a callback may not reach. */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped !== null) return isPrivateAddress(mapped[1]);
  const family = isIP(ip);
  if (family === 0) return true; // not an address at all: never connect to it
  return BLOCKED.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * What can be decided from the URL alone, without DNS: an IP-literal or `localhost` host that is
 * private. Hostnames are resolved and checked again at every delivery (the answer may change).
 */
export function isPrivateUrlHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return isIP(bare) !== 0 && isPrivateAddress(bare);
}
