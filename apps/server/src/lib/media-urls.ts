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
    // Handed out before addresses expired: as good as expired, and the page's next read has a new one.
    if (expires === undefined) return 'expired';
    const signed =
      /^\d{1,12}$/.test(expires) &&
      /^[0-9a-f]{32}$/.test(signature) &&
      safeEqualHex(this.signature(key, expires), signature);
    if (!signed) return 'not-valid';
    return Date.now() >= Number(expires) * 1000 ? 'expired' : 'valid';
  }
}
