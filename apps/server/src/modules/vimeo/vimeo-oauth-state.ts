import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const AUDIENCE = 'vimeo-oauth-state';

/**
 * The OAuth `state` of "Connect with Vimeo": a short-lived HS256 token naming the presenter who started
 * the linking. Its key is derived from the server secret for this purpose only, so neither a sign-in
 * token nor anything else the server signs can stand in for it. Completing the link requires both this
 * state and the same presenter's bearer token, so a code obtained for someone else cannot be planted.
 */
export class VimeoOAuthState {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlMinutes = 10,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = new Uint8Array(createHmac('sha256', secret).update('screenroom:vimeo-oauth-state').digest());
  }

  async sign(presenterId: string) {
    const issuedAt = this.now();
    const expiresAt = new Date(issuedAt.getTime() + this.ttlMinutes * 60_000);
    const state = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(presenterId)
      .setAudience(AUDIENCE)
      .setJti(crypto.randomUUID())
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { state, expiresAt };
  }

  /** True only for an unexpired state this server signed for `presenterId`. */
  async verify(state: string, presenterId: string) {
    try {
      const { payload } = await jwtVerify(state, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        subject: presenterId,
        currentDate: this.now(),
      });
      return payload.sub === presenterId;
    } catch (error) {
      if (error instanceof errors.JOSEError) return false;
      throw error;
    }
  }
}
