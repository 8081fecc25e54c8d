import { type JWTPayload, jwtVerify, SignJWT } from 'jose';

/**
 * The owner's preview of a film: a short-lived token in the playlist, segment and key URLs (hls.js
 * sends no headers of ours). It lasts twice the film (at least an hour) so a full viewing never breaks,
 * and names the sign-in (auth session) that asked for it: it works only while that sign-in is live.
 */
export class PreviewTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  ttlSeconds(durationSeconds: number | null) {
    return Math.max(3600, Math.ceil((durationSeconds ?? 0) * 2));
  }

  async sign(presenterId: string, authSessionId: string, videoId: string, ttlSeconds: number) {
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    // `iat` counts whole seconds; `ims` is the same instant to the millisecond, which the streams
    // compare with the moment a film's encryption completed.
    const token = await new SignJWT({ vid: videoId, sid: authSessionId, ims: Date.now() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(presenterId)
      .setAudience('preview')
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /**
   * The presenter and the sign-in behind a valid preview token for this video, and when it was issued,
   * else null. (Whether that sign-in is still live is the caller's to check.)
   */
  async verify(
    token: string,
    videoId: string,
  ): Promise<{ presenterId: string; authSessionId: string; issuedAt: Date } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: 'preview' });
      if (payload.vid !== videoId || !payload.sub || typeof payload.sid !== 'string') return null;
      return { presenterId: payload.sub, authSessionId: payload.sid, issuedAt: issuedAtOf(payload) };
    } catch {
      return null;
    }
  }
}

/**
 * When a token was issued: to the millisecond, else to the second; tokens from before either was
 * recorded count as issued now, the latest they can have been.
 */
function issuedAtOf(payload: JWTPayload) {
  if (typeof payload.ims === 'number') return new Date(payload.ims);
  if (typeof payload.iat === 'number') return new Date(payload.iat * 1000);
  return new Date();
}
