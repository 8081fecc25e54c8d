import { jwtVerify, SignJWT } from 'jose';

/**
 * The owner's preview of a film: a short-lived token in the playlist, segment and key URLs (hls.js
 * sends no headers of ours). It lasts twice the film (at least an hour) so a full viewing never breaks.
 */
export class PreviewTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  ttlSeconds(durationSeconds: number | null) {
    return Math.max(3600, Math.ceil((durationSeconds ?? 0) * 2));
  }

  async sign(presenterId: string, videoId: string, ttlSeconds: number) {
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    const token = await new SignJWT({ vid: videoId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(presenterId)
      .setAudience('preview')
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The presenter id if the token is a valid preview token for this video, else null. */
  async verify(token: string, videoId: string) {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: 'preview' });
      return payload.vid === videoId && payload.sub ? payload.sub : null;
    } catch {
      return null;
    }
  }
}
