import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { hmacSha256 } from '../../lib/crypto';
import { IMAGE_ADDRESS_EXPIRED, IMAGE_ADDRESS_NOT_VALID } from './media.routes';

let t: TestApp;
const key = `videos/${randomUUID()}/images/logo-0123456789ab.png`;
const image = Buffer.from('an image, as far as this route can tell');

beforeAll(async () => {
  t = await createTestApp();
  await t.container.storage.put(key, image, 'image/png');
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

function at(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}
const addressNow = () => new URL(t.container.media.url(key)!);
const get = (url: URL) => t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });

describe('signed image addresses', () => {
  it('are served while fresh, and stay the same address all day, so browsers cache them', async () => {
    at('2026-11-27T00:10:00Z');
    const morning = addressNow();
    expect(morning.searchParams.get('exp')).toMatch(/^\d+$/);
    at('2026-11-27T23:50:00Z');
    expect(addressNow().href).toBe(morning.href);
    const served = await get(morning);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    // The next day's pages get the next day's address.
    at('2026-11-28T00:10:00Z');
    expect(addressNow().href).not.toBe(morning.href);
  });

  it('work for a day at least, then answer 410 in words', async () => {
    at('2026-11-27T12:00:00Z');
    const address = addressNow();
    at('2026-11-28T23:59:00Z');
    expect((await get(address)).statusCode).toBe(200);
    at('2026-11-29T00:00:01Z');
    const expired = await get(address);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(IMAGE_ADDRESS_EXPIRED);
  });

  it('answer 403 in words when the expiry or the signature was changed, and 410 with none', async () => {
    const changed = (name: string, value: string | null) => {
      const url = addressNow();
      if (value === null) url.searchParams.delete(name);
      else url.searchParams.set(name, value);
      return get(url);
    };
    const laterExpiry = String(Number(addressNow().searchParams.get('exp')) + 365 * 86_400);
    for (const tampered of [
      await changed('exp', laterExpiry),
      await changed('exp', 'soon'),
      await changed('sig', '0'.repeat(32)),
    ]) {
      expect(tampered.statusCode, tampered.body).toBe(403);
      expect(tampered.json().message).toBe(IMAGE_ADDRESS_NOT_VALID);
    }
    // Without an expiry, only an address signed as they were before expiries counts (below).
    expect((await changed('exp', null)).statusCode).toBe(403);
  });

  // Invitation mails sent before addresses expired carry `?sig=` alone: their picture keeps working for a
  // year after the change, then reads as expired; a made-up one never worked.
  it('signed before expiries existed, work until the end of 2027', async () => {
    const before = new URL(
      `/v1/media/${key}?sig=${hmacSha256(t.config.jwtSecret, `media:${key}`).slice(0, 32)}`,
      'http://x',
    );
    at('2027-12-31T23:00:00Z');
    expect((await get(before)).statusCode).toBe(200);
    at('2028-01-01T00:00:01Z');
    const lapsed = await get(before);
    expect(lapsed.statusCode).toBe(410);
    expect(lapsed.json().message).toBe(IMAGE_ADDRESS_EXPIRED);
    before.searchParams.set('sig', '0'.repeat(32));
    expect((await get(before)).statusCode).toBe(403);
  });
});
