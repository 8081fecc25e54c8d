import type { AnonymousLinkRow } from '../../db/schema/sharing';
import type { TrackingLinkRow } from '../../db/schema/tracking-links';

/** What decides whether a tracking link still lets its sessions watch: the link, and its anonymous link. */
export type LinkState = { link: TrackingLinkRow; anonymous: AnonymousLinkRow | null };

/** Links remembered at most; past this the oldest are forgotten (and read again when needed). */
const REMEMBERED_LINKS = 20_000;

/**
 * The links' states as last read, so the events route can refuse a revoked, disabled or ended link
 * without a database read per batch. Every read the watch module makes anyway (opening, heartbeats,
 * playlists and keys) refreshes it; the services that revoke, disable or change a link's end forget it
 * at once (`forgetLink`, `forgetAnonymous`), and an entry is trusted for `ttlMs` at most, for what
 * changed another way (another server, the database by hand). An end date is compared with the clock
 * at each use, so a link that ends needs no change to be refused.
 */
export class LinkStates {
  private readonly known = new Map<string, LinkState & { readAt: number }>();
  /** Counts the changes forgotten so far: a state read before one of them must not be remembered. */
  private changes = 0;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly clock = () => Date.now(),
  ) {}

  /** To pass to `remember`: taken before reading a link, so a change made meanwhile wins. */
  mark() {
    return this.changes;
  }

  remember(mark: number, state: LinkState) {
    if (mark !== this.changes) return;
    this.known.delete(state.link.id);
    if (this.known.size >= REMEMBERED_LINKS) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
    this.known.set(state.link.id, { ...state, readAt: this.clock() });
  }

  /** The link's state if it was read recently enough, else undefined (read it again). */
  recall(trackingLinkId: string): LinkState | undefined {
    const known = this.known.get(trackingLinkId);
    if (!known || this.clock() - known.readAt > this.ttlMs) return undefined;
    return known;
  }

  /** The link was revoked, enabled again or given another end: read it afresh next time. */
  forgetLink(trackingLinkId: string) {
    this.changes++;
    this.known.delete(trackingLinkId);
  }

  /** The anonymous link was disabled or given another end: so were the viewers' links made through it. */
  forgetAnonymous(anonymousLinkId: string) {
    this.changes++;
    for (const [id, state] of this.known) {
      if (state.link.anonymousLinkId === anonymousLinkId) this.known.delete(id);
    }
  }
}
