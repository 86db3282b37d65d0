/**
 * The network a client address stands for, as the per-client send ceilings count it. An IPv4 address is
 * one client (an IPv4-mapped IPv6 address is its IPv4 address); an IPv6 client is its /64, since one
 * subscriber is given a whole /64 and can take a new address in it at will.
 */
import ipaddr from 'ipaddr.js';

/** `203.0.113.9` → itself; `::ffff:203.0.113.9` → `203.0.113.9`; `2001:db8:1:2::a` → `2001:db8:1:2::/64`. */
export function clientNetworkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
