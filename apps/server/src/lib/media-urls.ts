import { hmacSha256, safeEqualHex } from './crypto';

const DAY_MS = 24 * 3600_000;

/**
 * How long a signed image address works: at least `atLeastMs`, its expiry rounded up to the end of a
 * `roundedToMs` period (UTC), so every page read in one period gets the same address and the browser's
 * copy serves them all.
 */
export type MediaLifetime = { atLeastMs: number; roundedToMs: number };

/**
 * Pages: the web app reads the addresses with the film each time it re-reads the API, but a viewer's
 * watch page reads them once, when it opens, and may stay open for hours (a poster or logo it has not
 * shown yet is asked for later). A day at least, two at most, one address per film image all UTC day.
 */
export const PAGE_LIFETIME: MediaLifetime = { atLeastMs: DAY_MS, roundedToMs: DAY_MS };
/** Invitation mails are opened weeks or months after they were sent: a year at least. */
export const MAIL_LIFETIME: MediaLifetime = { atLeastMs: 365 * DAY_MS, roundedToMs: 30 * DAY_MS };

/**
 * Addresses handed out before they carried an expiry (`?sig=` alone, signed over the key) work until
 * then: invitation mails sent before the change keep their picture for a year after it.
 */
export const UNEXPIRING_ADDRESSES_UNTIL = Date.UTC(2028, 0, 1);

/** What a signed image address is worth now. */
export type MediaAddressCheck = 'valid' | 'not-valid' | 'expired';

/**
 * Image URLs that need no sign-in (an <img> sends no Bearer header, and viewers see logos too), but
 * cannot be made up: the stored key and an expiry (`exp`, Unix seconds) with an HMAC of both, so an
 * address copied out of a page stops working within days. Keys carry a random part per upload.
 */
export class MediaUrls {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  private signature(key: string, expires: string) {
    return hmacSha256(this.secret, `media:${key}:${expires}`).slice(0, 32);
  }

  url(key: string | null, lifetime = PAGE_LIFETIME) {
    if (!key) return null;
    const { atLeastMs, roundedToMs } = lifetime;
    const expires = String((Math.ceil((Date.now() + atLeastMs) / roundedToMs) * roundedToMs) / 1000);
    return `${this.publicUrl}/v1/media/${key}?sig=${this.signature(key, expires)}&exp=${expires}`;
  }

  check(key: string, signature: string, expires: string | undefined): MediaAddressCheck {
    const expected =
      expires === undefined
        ? hmacSha256(this.secret, `media:${key}`).slice(0, 32)
        : /^\d{1,12}$/.test(expires)
          ? this.signature(key, expires)
          : null;
    const signed = expected !== null && /^[0-9a-f]{32}$/.test(signature) && safeEqualHex(expected, signature);
    if (!signed) return 'not-valid';
    const until = expires === undefined ? UNEXPIRING_ADDRESSES_UNTIL : Number(expires) * 1000;
    return Date.now() >= until ? 'expired' : 'valid';
  }
}
