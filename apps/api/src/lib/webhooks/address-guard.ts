import { lookup } from 'node:dns';
import { promises as dns } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MSG } from '@app/domain';

/**
 * SSRF guard of the webhooks: a receiver must be a public address. Judged on the URL when an endpoint is
 * saved, and again on the address each delivery actually connects to (`guardedLookup`, given to the HTTP
 * agent), so a name that resolved to a public address at save time and to 127.0.0.1 later (DNS
 * rebinding) is refused then. WEBHOOKS_ALLOW_PRIVATE=true lifts both (tests, local runs).
 *
 * IPv6 is judged on its 8 groups, parsed once (whatever the spelling: compressed, expanded, upper case,
 * a dotted IPv4 tail), never by patterns over the text. Only global unicast (2000::/3) passes, minus its
 * special blocks; an IPv4-mapped address (::ffff:a.b.c.d) is judged as the IPv4 it reaches. Every other
 * form that carries an IPv4 is refused whole, because what it reaches depends on a translator or relay
 * of the network rather than on the address: IPv4-compatible (::/96, deprecated), IPv4-translated
 * (::ffff:0:0:0/96), NAT64 (64:ff9b::/96, 64:ff9b:1::/48: the local translator reaches any IPv4 it
 * maps, private ones included), 6to4 (2002::/16, deprecated, through whatever relay answers) and Teredo
 * (2001::/32). No receiver needs them: a public one has a native address.
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
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');

/** Blocks of global unicast (2000::/3) that are not public: [first groups, prefix length]. */
const IPV6_SPECIAL: readonly (readonly [readonly number[], number])[] = [
  [[0x2001, 0x0000], 23], // IETF protocol assignments, Teredo (2001::/32) among them
  [[0x2001, 0x0db8], 32], // documentation
  [[0x2002], 16], // 6to4
  [[0x3fff, 0x0000], 20], // documentation
];

/** The 8 groups of an IPv6 address that `isIP` accepted (zone id already removed), in one pass. */
function ipv6Groups(address: string): number[] | null {
  const gap = address.indexOf('::');
  const side = (part: string) => (part === '' ? [] : part.split(':'));
  const head = side(gap < 0 ? address : address.slice(0, gap));
  const tail = gap < 0 ? [] : side(address.slice(gap + 2));
  const toGroups = (parts: string[]) => {
    const out: number[] = [];
    for (const p of parts) {
      if (p.includes('.')) {
        // A dotted IPv4 tail: two groups.
        if (isIP(p) !== 4) return null;
        const [a, b, c, d] = p.split('.').map(Number);
        out.push((a << 8) | b, (c << 8) | d);
      } else out.push(Number.parseInt(p, 16));
    }
    return out;
  };
  const h = toGroups(head);
  const t = toGroups(tail);
  if (!h || !t) return null;
  const zeros = 8 - h.length - t.length;
  if (zeros < 0 || (gap < 0 && zeros !== 0) || [...h, ...t].some((g) => !(g >= 0 && g <= 0xffff))) return null;
  return [...h, ...new Array<number>(zeros).fill(0), ...t];
}

/** True when `groups` starts with the `bits` first bits of `prefix`. */
function inPrefix(groups: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let i = 0; bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((groups[i] & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

const ipv4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** True for an address a webhook may not reach: private, loopback, link-local, multicast, reserved, and what is not an address. */
export function isForbiddenAddress(address: string): boolean {
  // An address of the resolver or the URL is short: anything longer is not one (and is not parsed).
  if (address.length > 64) return true;
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  // A zone id (fe80::1%eth0) names an interface of this host: never a public receiver.
  if (family !== 6 || address.includes('%')) return true;
  const g = ipv6Groups(address.toLowerCase());
  if (!g) return true;
  // ::ffff:a.b.c.d reaches that IPv4 (the dual-stack socket connects over IPv4).
  if (inPrefix(g, [0, 0, 0, 0, 0, 0xffff], 96)) return blocked.check(ipv4Of(g[6], g[7]), 'ipv4');
  if (!inPrefix(g, [0x2000], 3)) return true;
  return IPV6_SPECIAL.some(([prefix, bits]) => inPrefix(g, prefix, bits));
}

/** A URL's host as an address or a name: an IPv6 literal without its brackets (WHATWG URL has already normalised it: `[::127.0.0.1]` is `[::7f00:1]`). */
export const hostOf = (url: URL) => (url.hostname.startsWith('[') && url.hostname.endsWith(']') ? url.hostname.slice(1, -1) : url.hostname);

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
  const host = hostOf(url);
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
