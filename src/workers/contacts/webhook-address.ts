/**
 * SSRF guard of the CRM's outgoing webhooks: the host is resolved and every address must be public (no loopback,
 * private, link-local, CGNAT, multicast, unspecified or documentation ranges, IPv4 or IPv6). The connection then
 * goes to the address that was checked (no second lookup an attacker's DNS could answer differently).
 * `CONTACTS_WEBHOOK_ALLOW_ADDRESSES` (comma-separated IPs, read per call) lets tests deliver to 127.0.0.1.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
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
  ['224.0.0.0', 3],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) blocked.addSubnet(net, bits, 'ipv6');

const allowed = () =>
  new Set(
    (process.env.CONTACTS_WEBHOOK_ALLOW_ADDRESSES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export function isPublicAddress(address: string): boolean {
  if (allowed().has(address)) return true;
  const family = isIP(address);
  if (!family) return false;
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  // Node's BlockList also matches IPv4 rules against mapped IPv6 written in hex: refuse that form outright.
  if (/^::ffff:/i.test(address)) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class RefusedAddressError extends Error {}

/** The address to connect to for `hostname`, or RefusedAddressError when any of its addresses is not public. */
export async function publicAddressOf(hostname: string): Promise<{ address: string; family: number }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  if (!addresses.length || addresses.some((a) => !isPublicAddress(a.address))) throw new RefusedAddressError(`refused address for ${host}`);
  return addresses[0];
}
