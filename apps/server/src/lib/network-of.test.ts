import { describe, expect, it } from 'vitest';
import { networkOf, wideNetworkOf } from './network-of';

describe('networkOf', () => {
  it('names an IPv6 address by its /64, however it is written', () => {
    expect(networkOf('2001:db8:0:7::1')).toBe('2001:db8:0:7::/64');
    expect(networkOf('2001:0DB8:0000:0007:ffff:1:2:3')).toBe('2001:db8:0:7::/64');
    expect(networkOf('2001:db8::7:1:2:3:4')).toBe('2001:db8:0:7::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps an IPv4 address, mapped or not, as it is', () => {
    expect(networkOf('203.0.113.9')).toBe('203.0.113.9');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(networkOf(undefined)).toBeUndefined();
  });
});

describe('wideNetworkOf', () => {
  it('names an IPv6 address by its /48 and an IPv4 address by its /24', () => {
    expect(wideNetworkOf('2001:db8:1:ffff::1')).toBe('2001:db8:1::/48');
    expect(wideNetworkOf('2001:0DB8:0001:0007:ffff:1:2:3')).toBe('2001:db8:1::/48');
    expect(wideNetworkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(wideNetworkOf('203.0.113.9')).toBe('203.0.113.0/24');
    expect(wideNetworkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(wideNetworkOf(undefined)).toBeUndefined();
  });
});
