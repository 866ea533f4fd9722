import { describe, expect, it } from 'vitest';
import { countedAddress } from './throttle';

describe('countedAddress', () => {
  it('counts an IPv6 address by its /64 and an IPv4 address as it is', () => {
    expect(countedAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(countedAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(countedAddress('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(countedAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(countedAddress('::1')).toBe('0:0:0:0::/64');
  });
});
