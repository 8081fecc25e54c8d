import { hmacSha256, safeEqualHex } from './crypto';

/**
 * Image URLs that need no sign-in (an <img> sends no Bearer header, and viewers see logos too), but
 * cannot be made up: the stored key with an HMAC. Keys carry a random part per upload, so the URLs
 * can be cached forever.
 */
export class MediaUrls {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  private signature(key: string) {
    return hmacSha256(this.secret, `media:${key}`).slice(0, 32);
  }

  url(key: string | null) {
    return key ? `${this.publicUrl}/v1/media/${key}?sig=${this.signature(key)}` : null;
  }

  verify(key: string, signature: string) {
    return /^[0-9a-f]{32}$/.test(signature) && safeEqualHex(this.signature(key), signature);
  }
}
