import { describe, expect, it } from 'vitest';
import { addressKey } from './throttle';

describe('addressKey (the address every per-IP limit counts)', () => {
  it('keeps an IPv4 address whole', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('10.0.0.1')).not.toBe(addressKey('10.0.0.2'));
  });

  it('counts an IPv4 address seen through a dual-stack socket as that address', () => {
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::FFFF:c000:0207')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.8')).not.toBe(addressKey('::ffff:192.0.2.7'));
  });

  it('reduces an IPv6 address to its /64, whatever its spelling', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:1:2::1.2.3.4')).toBe('2001:db8:1:2::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('[2001:db8:1:2::1]')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps two /64s apart', () => {
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('2001:db8::1:1000')).toBe(addressKey('2001:db8::2:1999'));
  });

  it('leaves something that is no address as given, cut to 64 characters', () => {
    expect(addressKey('password-reset')).toBe('password-reset');
    expect(addressKey('x'.repeat(100))).toHaveLength(64);
  });
});
