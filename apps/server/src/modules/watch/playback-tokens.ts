import { jwtVerify, SignJWT } from 'jose';

export type PlaybackClaims = { sessionId: string; trackingLinkId: string; videoId: string };

/**
 * Short-lived tokens bound to one viewing session: they open playlists, segments and keys. Heartbeats
 * renew them; when the link is revoked, disabled or ended, renewal stops and so does playback.
 */
export class PlaybackTokens {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { exp: number; claims: PlaybackClaims }>();

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
    const known = this.verified.get(token) ?? (await this.check(token));
    if (!known || known.claims.sessionId !== sessionId) return null;
    return Date.now() / 1000 <= known.exp + graceSeconds ? known.claims : null;
  }

  /**
   * The signature is checked once per token: a player sends the same token with every playlist, key and
   * event batch until the next heartbeat, and the answer for a given string never changes (only its
   * expiry, which `verify` compares each time).
   */
  private async check(token: string) {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: 'playback',
        // Expiry is judged by `verify`, with the caller's grace.
        currentDate: new Date(0),
      });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
      const known = {
        exp: payload.exp,
        claims: { sessionId: payload.sub, trackingLinkId: String(payload.lid), videoId: String(payload.vid) },
      };
      if (this.verified.size >= 50_000) this.verified.clear();
      this.verified.set(token, known);
      return known;
    } catch {
      return null;
    }
  }
}
