import { describe, expect, it } from 'vitest';
import { clientNetworkOf } from './client-network.ts';

describe('clientNetworkOf', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:cb00:7109', '203.0.113.9'],
    ['2001:db8:1:2::a', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:0:0:1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s → %s', (ip, network) => {
    expect(clientNetworkOf(ip)).toBe(network);
  });
});
