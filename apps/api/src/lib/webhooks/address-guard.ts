import { lookup } from 'node:dns';
import { promises as dns } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MSG } from '@app/domain';

/**
 * SSRF guard of the webhooks (issue 24 §2): a receiver must be a public address. Judged on the URL when
 * an endpoint is saved, and again on the address each delivery actually connects to (`guardedLookup`,
 * given to the HTTP agent), so a name that resolved to a public address at save time and to 127.0.0.1
 * later (DNS rebinding) is refused then. WEBHOOKS_ALLOW_PRIVATE=true lifts both (tests, local runs).
 */
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
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** True for an address a webhook may not reach: private, loopback, link-local, multicast, reserved. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1, ::127.0.0.1) is judged as the IPv4 it is.
  const mapped = /^(?:::ffff:|::)(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [a, b] = [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16)];
    return blocked.check(`${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`, 'ipv4');
  }
  return blocked.check(address, 'ipv6');
}

export type UrlProblem = (typeof WEBHOOK_MSG)[keyof typeof WEBHOOK_MSG];

/**
 * What is wrong with a receiver URL, or null. Checks the scheme (https, or http when private addresses
 * are allowed), refuses credentials in the URL, then the address: an IP literal as written, a name by
 * every address it resolves to now.
 */
export async function urlProblem(raw: string, allowPrivate: boolean): Promise<UrlProblem | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_MSG.urlInvalid;
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return WEBHOOK_MSG.urlHttps;
  if (url.username || url.password) return WEBHOOK_MSG.urlCredentials;
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) return WEBHOOK_MSG.urlInvalid;
  if (isIP(host)) return isForbiddenAddress(host) ? WEBHOOK_MSG.urlPrivate : null;
  let addresses: { address: string }[];
  try {
    addresses = await dns.lookup(host, { all: true, verbatim: true });
  } catch {
    return WEBHOOK_MSG.urlUnresolved;
  }
  if (!addresses.length) return WEBHOOK_MSG.urlUnresolved;
  return addresses.some((a) => isForbiddenAddress(a.address)) ? WEBHOOK_MSG.urlPrivate : null;
}

/** The error a delivery's connection fails with when the name resolves to a forbidden address. */
export class ForbiddenAddressError extends Error {
  readonly code = 'EWEBHOOKFORBIDDEN';
}

/**
 * The DNS lookup of the delivery agent: resolves as usual, then refuses the connection when an address
 * it would use is forbidden. The address checked is the one connected to: no window for rebinding.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as unknown as { address: string; family: number }[];
    if (!list.length || list.some((a) => isForbiddenAddress(a.address))) return callback(new ForbiddenAddressError(hostname), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};
