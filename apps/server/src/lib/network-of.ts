import { isIPv6 } from 'node:net';

/** An IPv4 address as itself, mapped into IPv6 or not; undefined for any other IPv6 address. */
function ipv4Of(ip: string): string | undefined {
  if (!isIPv6(ip)) return ip;
  return /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1];
}

/** The first `count` 16-bit groups of an IPv6 address, in their short form, however it is written. */
function ipv6Groups(ip: string, count: number): string {
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const front = head ? head.split(':') : [];
  // An IPv4 tail (::1.2.3.4) takes two groups; they lie past the /64 either way.
  const back = tail ? tail.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const groups =
    tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return groups
    .slice(0, count)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':');
}

/**
 * The network a client address stands for, when counting what one client does: an IPv6 address is
 * counted by its /64 (one client is handed a whole /64, billions of addresses), an IPv4 address, and one
 * mapped into IPv6, by itself. The rate limits count by /64 already (@fastify/rate-limit's default).
 */
export function networkOf(ip: string | undefined): string | undefined {
  if (!ip) return ip;
  return ipv4Of(ip) ?? `${ipv6Groups(ip, 4)}::/64`;
}

/**
 * The wider network around a client, when one holder of many client networks must count as one: an
 * IPv6 /48 (the most a site is assigned, 65,536 /64s) and an IPv4 /24; both are the longest prefixes
 * the Internet's routing accepts, so whoever holds more than one holds separately routed blocks.
 */
export function wideNetworkOf(ip: string | undefined): string | undefined {
  if (!ip) return ip;
  const ipv4 = ipv4Of(ip);
  if (ipv4) return `${ipv4.split('.').slice(0, 3).join('.')}.0/24`;
  return `${ipv6Groups(ip, 3)}::/48`;
}
