import type { TrackingLinkRow } from '../../db/schema/tracking-links';
import { randomToken, sha256 } from '../../lib/crypto';
import type { SecretBox } from '../../lib/secret-box';

/**
 * What every lookup by token compares: the token's SHA-256 in hex (migration 0021 computes the same in
 * SQL). An index lookup on the hash, not on the token, so how long it takes tells nothing of the token.
 */
export const viewerTokenHash = (token: string) => sha256(token);

/** A viewer's token (the secret in `/watch/<token>`) as a link's row keeps it: hashed, and sealed. */
export class ViewerTokens {
  constructor(private readonly secrets: SecretBox) {}

  /** A new viewer's token (192 random bits, URL-safe: the watch URL is all a viewer needs), to store. */
  issue() {
    const token = randomToken(24);
    return { tokenHash: viewerTokenHash(token), tokenEnc: this.seal(token) };
  }

  seal(token: string) {
    return this.secrets.seal(token);
  }

  /** The token of a stored link: the presenter's copy of the link, and the mails that carry it. */
  tokenOf(row: Pick<TrackingLinkRow, 'tokenEnc' | 'plainToken'>) {
    if (row.tokenEnc) return this.secrets.openText(row.tokenEnc);
    // A link made before migration 0021 that a server starting at this moment is sealing.
    if (row.plainToken) return row.plainToken;
    throw new Error('This tracking link keeps no token');
  }
}
