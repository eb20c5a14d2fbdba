import { describe, expect, it } from 'vitest';
import { clientIp, ipv6Network } from './client-ip.ts';

const from = (address: string) =>
  new Request('https://shop.test/', { headers: { 'cf-connecting-ip': address } });

describe('clientIp', () => {
  it('counts every address of one IPv6 /64 as one client', () => {
    const addresses = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:abcd:1',
    ];
    expect(new Set(addresses.map((a) => clientIp(from(a))))).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('keeps neighbouring /64s and IPv4 addresses apart', () => {
    expect(clientIp(from('2001:db8:1:3::1'))).toBe('2001:db8:1:3::/64');
    expect(clientIp(from('203.0.113.9'))).toBe('203.0.113.9');
    expect(clientIp(from('203.0.113.10'))).toBe('203.0.113.10');
  });

  it('reads compressed forms, zones and an IPv4-mapped address as the client they are', () => {
    expect(ipv6Network('::1')).toBe('0:0:0:0::/64');
    expect(ipv6Network('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipv6Network('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(ipv6Network('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(ipv6Network('::ffff:c000:201')).toBe('192.0.2.1');
    expect(ipv6Network('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves what is not an IPv6 address as it came (the limit still counts it)', () => {
    for (const text of ['bukan-ip', '1::2::3', '2001:db8:1:2:3:4:5:6:7', '12345::', '::ffff:300.0.0.1']) {
      expect(ipv6Network(text)).toBeNull();
    }
    expect(clientIp(from('bukan-ip'))).toBe('bukan-ip');
    expect(clientIp(new Request('https://shop.test/'))).toBe('local');
  });
});
