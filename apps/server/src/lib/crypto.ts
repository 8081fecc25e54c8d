import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An unguessable, URL-safe token: `bytes` random bytes (default 32 = 256 bits). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const hmacSha256 = (key: string | Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest('hex');

/** A code of `length` decimal digits, uniformly drawn. */
export const randomDigits = (length: number) =>
  randomInt(0, 10 ** length)
    .toString()
    .padStart(length, '0');

export function safeEqualHex(a: string, b: string) {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
