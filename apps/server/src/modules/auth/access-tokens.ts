import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Presenter access tokens: a signed JWT naming the presenter (`sub`) and the server-side auth session
 * (`jti`). The signature rejects forgeries without a database read; the session row makes logout real.
 */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlHours: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  expiryFrom(now: Date) {
    return new Date(now.getTime() + this.ttlHours * 3600_000);
  }

  sign(presenterId: string, sessionId: string, expiresAt: Date) {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(presenterId)
      .setJti(sessionId)
      .setAudience('presenter')
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The presenter and session ids of a valid token, or null for a forged, malformed or expired one. */
  async verify(token: string): Promise<{ presenterId: string; sessionId: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: 'presenter' });
      if (!payload.sub || !payload.jti) return null;
      return { presenterId: payload.sub, sessionId: payload.jti };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
