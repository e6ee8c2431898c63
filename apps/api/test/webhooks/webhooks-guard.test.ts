import { WEBHOOK_MSG } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenAddressError, guardedLookup, isForbiddenAddress, urlProblem } from '../../src/lib/webhooks/address-guard';
import { createTestApp, type TestContext } from '../support/helpers';

/**
 * The SSRF guard of the webhooks over every range a receiver may not be in, each under several
 * spellings (IPv6 compressed or expanded, upper case, IPv4 embedded in IPv6 as dotted or hex groups,
 * IPv4 written as one number, in hex or octal), and the public addresses just outside them that must
 * pass: judged by the address check, by the URL check, and by the route that saves an endpoint in an
 * app built without WEBHOOKS_ALLOW_PRIVATE.
 */
const FORBIDDEN: Record<string, string[]> = {
  'this network 0.0.0.0/8': ['0.0.0.0', '0.1.2.3'],
  'private 10/8': ['10.0.0.1', '10.255.255.255'],
  'shared 100.64/10': ['100.64.0.1', '100.127.255.255'],
  'loopback 127/8': ['127.0.0.1', '127.255.255.254'],
  'link-local 169.254/16': ['169.254.169.254', '169.254.0.1'],
  'private 172.16/12': ['172.16.0.1', '172.31.255.255'],
  'IETF 192.0.0/24': ['192.0.0.8'],
  'documentation 192.0.2/24, 198.51.100/24, 203.0.113/24': ['192.0.2.1', '198.51.100.7', '203.0.113.9'],
  '6to4 relay 192.88.99/24': ['192.88.99.1'],
  'private 192.168/16': ['192.168.0.1', '192.168.255.254'],
  'benchmarking 198.18/15': ['198.18.0.1', '198.19.255.255'],
  'multicast 224/4': ['224.0.0.1', '239.255.255.250'],
  'reserved 240/4 and broadcast': ['240.0.0.1', '255.255.255.255'],
  'unspecified ::': ['::', '0::0', '0:0:0:0:0:0:0:0'],
  'loopback ::1': ['::1', '0:0:0:0:0:0:0:1', '0000:0000:0000:0000:0000:0000:0000:0001', '::0:1'],
  'IPv4-compatible ::/96': ['::127.0.0.1', '::7f00:1', '0:0:0:0:0:0:127.0.0.1', '::10.0.0.1', '::a9fe:a9fe', '::8.8.8.8'],
  'IPv4-mapped ::ffff:0:0/96 of an internal IPv4': [
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:7F00:0001',
    '0:0:0:0:0:ffff:127.0.0.1',
    '0000:0000:0000:0000:0000:ffff:7f00:0001',
    '0:0::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:c0a8:101',
    '::ffff:0:0',
  ],
  'IPv4-translated ::ffff:0:0:0/96': ['::ffff:0:7f00:1', '::ffff:0:8.8.8.8'],
  'NAT64 64:ff9b::/96': ['64:ff9b::7f00:1', '64:ff9b::127.0.0.1', '64:ff9b:0:0:0:0:a00:1', '64:ff9b::8.8.8.8'],
  'NAT64 local use 64:ff9b:1::/48': ['64:ff9b:1::1', '64:ff9b:1:ffff::8.8.8.8'],
  'discard 100::/64': ['100::1'],
  'IETF protocols 2001::/23 (Teredo 2001::/32 among them)': ['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:1ff::1'],
  'documentation 2001:db8::/32, 3fff::/20': ['2001:db8::1', '2001:0db8:0000:0000:0000:0000:0000:0001', '3fff::1', '3fff:fff::1'],
  '6to4 2002::/16': ['2002:7f00:1::1', '2002:a00:1::1', '2002:c0a8:101::1', '2002:808:808::1'],
  'SRv6 5f00::/16': ['5f00::1'],
  'unique local fc00::/7': ['fc00::1', 'fd12:3456::1', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  'link-local fe80::/10': ['fe80::1', 'febf::1', 'FE80:0:0:0:0:0:0:1'],
  'site-local fec0::/10': ['fec0::1', 'feff::1', 'fec0:0:0:0:0:0:0:1'],
  'multicast ff00::/8': ['ff02::1', 'ff05::1:3'],
  'outside global unicast 2000::/3': ['1::1', '4000::1', 'e000::1'],
};
const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '11.0.0.1',
  '100.128.0.1',
  '169.255.0.1',
  '172.32.0.1',
  '192.169.0.1',
  '198.20.0.1',
  '223.255.255.254',
  '2606:4700:4700::1111',
  '2001:4860:4860:0:0:0:0:8888',
  '2A00:1450:4007:80C::200E',
  '2001:200::1',
  '2003::1',
  '2c0f:fb50:4003::1',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
];
const FORBIDDEN_ADDRESSES = Object.entries(FORBIDDEN).flatMap(([range, list]) => list.map((address) => ({ range, address })));
/** An address as the host of a URL: IPv6 in brackets. */
const urlOf = (address: string) => `https://${address.includes(':') ? `[${address}]` : address}/hook`;
/** IPv4 spellings only a URL has (WHATWG URL reads them as 127.0.0.1 or 10.0.0.1). */
const URL_ONLY_FORBIDDEN = ['2130706433', '0x7f000001', '0177.0.0.1', '127.1', '127.0.0.1.', '0x0a.0.0.1', 'localhost'];

describe('isForbiddenAddress', () => {
  it.each(FORBIDDEN_ADDRESSES)('refuses $address ($range)', ({ address }) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });
  it.each(PUBLIC)('lets %s through', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
  it('refuses what is not an address, and an address with a zone', () => {
    for (const s of ['', 'localhost', '1.2.3', '::ffff:1.2.3', '2606:4700::1111%eth0', 'fe80::1%eth0', ':::', '1:2:3:4:5:6:7:8:9'])
      expect(isForbiddenAddress(s), s).toBe(true);
  });
  it('answers at once on hostile input (linear, no backtracking)', () => {
    const started = performance.now();
    for (const s of [`${'1:'.repeat(200_000)}1`, `::${'f'.repeat(400_000)}`, `${'::ffff:'.repeat(50_000)}1.2.3.4`, '9'.repeat(400_000)])
      expect(isForbiddenAddress(s)).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('urlProblem', () => {
  it.each(FORBIDDEN_ADDRESSES)('refuses the URL of $address ($range)', async ({ address }) => {
    expect(await urlProblem(urlOf(address), false)).toBe(WEBHOOK_MSG.urlPrivate);
  });
  it.each(URL_ONLY_FORBIDDEN)('refuses https://%s/hook', async (host) => {
    expect(await urlProblem(`https://${host}/hook`, false)).toBe(WEBHOOK_MSG.urlPrivate);
  });
  it.each(PUBLIC)('lets https://%s through', async (address) => {
    expect(await urlProblem(urlOf(address), false)).toBeNull();
  });
  it('lets everything through with WEBHOOKS_ALLOW_PRIVATE', async () => {
    expect(await urlProblem('https://[::127.0.0.1]/hook', true)).toBeNull();
    expect(await urlProblem('http://[64:ff9b::7f00:1]/hook', true)).toBeNull();
  });
});

describe('the delivery agent’s lookup', () => {
  it('refuses a name that resolves to a loopback address', async () => {
    const err = await new Promise<Error | null>((resolve) => guardedLookup('localhost', {}, (e) => resolve(e)));
    expect(err).toBeInstanceOf(ForbiddenAddressError);
  });
});

describe('POST /api/webhooks without WEBHOOKS_ALLOW_PRIVATE', () => {
  let t: TestContext;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    expect(t.config.WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    admin = await t.auth('admin@demo.tn');
  });
  afterAll(() => t?.close());
  const save = (url: string) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks', headers: admin, payload: { URL: url, EVENTS: ['order.created'], ACTIVE: true } });

  it('answers 422 with the field error for every forbidden spelling, and saves nothing', async () => {
    for (const url of [...FORBIDDEN_ADDRESSES.map((f) => urlOf(f.address)), ...URL_ONLY_FORBIDDEN.map((h) => `https://${h}/hook`)]) {
      const res = await save(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ URL: [WEBHOOK_MSG.urlPrivate] });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: admin })).json().data).toEqual([]);
  });

  it('saves a public address, IPv4 or IPv6, and refuses the same change to an internal one on update', async () => {
    for (const address of PUBLIC) expect((await save(urlOf(address))).statusCode, address).toBe(201);
    const id = (await save('https://[2606:4700:4700::1111]/hook')).json().data.ID;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/webhooks/${id}`,
      headers: admin,
      payload: { URL: 'https://[::ffff:7f00:1]/hook', EVENTS: ['order.created'], ACTIVE: true },
    });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors).toEqual({ URL: [WEBHOOK_MSG.urlPrivate] });
  });
});
