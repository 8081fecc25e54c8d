import { jwtVerify, SignJWT } from 'jose';

export type PlaybackClaims = { sessionId: string; trackingLinkId: string; videoId: string };

/**
 * Short-lived tokens bound to one viewing session: they open playlists, segments and keys. Heartbeats
 * renew them; when the link is revoked, disabled or ended, renewal stops and so does playback.
 */
export class PlaybackTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds = 45,
  ) {
    this.key = new TextEncoder().encode(`playback:${secret}`);
  }

  sign(claims: PlaybackClaims) {
    return new SignJWT({ lid: claims.trackingLinkId, vid: claims.videoId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sessionId)
      .setAudience('playback')
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.key);
  }

  /** The claims of a valid token for this session; `graceSeconds` lets late reports (a beacon) through. */
  async verify(token: string, sessionId: string, graceSeconds = 0): Promise<PlaybackClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: 'playback',
        clockTolerance: graceSeconds,
      });
      if (payload.sub !== sessionId) return null;
      return { sessionId, trackingLinkId: String(payload.lid), videoId: String(payload.vid) };
    } catch {
      return null;
    }
  }
}
