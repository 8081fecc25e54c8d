import { isIPv6 } from 'node:net';

/**
 * The network a client address stands for, when counting what one client does: an IPv6 address is
 * counted by its /64 (one client is handed a whole /64, billions of addresses), an IPv4 address, and one
 * mapped into IPv6, by itself. The rate limits count by /64 already (@fastify/rate-limit's default).
 */
export function networkOf(ip: string | undefined): string | undefined {
  if (!ip || !isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const front = head ? head.split(':') : [];
  // An IPv4 tail (::1.2.3.4) takes two groups; they lie past the /64 either way.
  const back = tail ? tail.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const groups =
    tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
