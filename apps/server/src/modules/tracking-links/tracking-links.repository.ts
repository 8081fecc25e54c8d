import { COUNTRY_CODES, countryName } from '@screenroom/shared/countries';
import type { AudienceQuery } from '@screenroom/shared/schemas/tracking-links';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import {
  type AnonymousLinkRow,
  anonymousLinks,
  type InvitationRow,
  invitations,
  mailAllowanceHolds,
} from '../../db/schema/sharing';
import { type TrackingLinkRow, trackingLinks } from '../../db/schema/tracking-links';
import { viewerTokenHash } from './viewer-tokens';

/** A hold left by a process that stopped while sending stops counting after this long. */
const HOLD_LAPSES_AFTER_MS = 3600_000;

export type NewTrackingLink = typeof trackingLinks.$inferInsert;
export type TrackingLinkPatch = Partial<
  Pick<
    TrackingLinkRow,
    'viewerName' | 'viewerEmail' | 'usageLimit' | 'endsAt' | 'geoRestrictionType' | 'geoCountries'
  >
>;

/** PostgreSQL's unique_violation, with the index that was violated. */
export function uniqueViolation(error: unknown) {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.code ? e : e.cause;
  return pg?.code === '23505' ? (pg.constraint ?? 'unique') : null;
}

/**
 * Country codes in the order of the names the list shows, as one array literal: sorting by the stored
 * code put "GB" (United Kingdom) between Japan and France. Codes it does not know sort with no country.
 */
const COUNTRIES_BY_NAME = `{${[...COUNTRY_CODES]
  .sort((a, b) => countryName(a).localeCompare(countryName(b), 'en'))
  .join(',')}}`;

const SORTS: Record<AudienceQuery['sort'], SQL | typeof trackingLinks.sessionsCount> = {
  // Case-insensitive: "ann" sorts with "Ann", not after every capital (the cluster collates bytewise).
  viewer: sql`lower(coalesce(${trackingLinks.viewerName}, ${trackingLinks.viewerEmail}, ''))`,
  source: sql`${trackingLinks.generatedBy}`,
  // A link never mailed has no invitation date: it goes last either way (nulls last, as "Last active"),
  // where its creation date put it among the mailed ones.
  invite_date: sql`${trackingLinks.invitedAt}`,
  sessions: trackingLinks.sessionsCount,
  views: sql`${trackingLinks.viewsCount}`,
  watched_minutes: sql`${trackingLinks.watchedSeconds}`,
  country: sql`coalesce(array_position(${COUNTRIES_BY_NAME}::text[], ${trackingLinks.lastCountry}), 0)`,
  device: sql`coalesce(${trackingLinks.lastDevice}, '')`,
  browser: sql`coalesce(${trackingLinks.lastBrowser}, '')`,
  last_active: sql`${trackingLinks.lastActiveAt}`,
  status: sql`${trackingLinks.status}`,
};

const ended = sql`(${trackingLinks.endsAt} IS NOT NULL AND ${trackingLinks.endsAt} <= now())`;
const full = sql`(${trackingLinks.usageLimit} IS NOT NULL AND ${trackingLinks.sessionsCount} >= ${trackingLinks.usageLimit})`;
const live = eq(trackingLinks.status, 'active');

/** The status filter matches the badge each link shows: ended comes before a reached limit. */
const AUDIENCE_STATUS_FILTERS: Record<NonNullable<AudienceQuery['status']>, SQL | undefined> = {
  active: and(live, sql`NOT ${ended}`, sql`NOT ${full}`),
  ended: and(live, ended),
  limit_reached: and(live, sql`NOT ${ended}`, full),
  revoked: eq(trackingLinks.status, 'revoked'),
};

export class TrackingLinksRepository {
  constructor(private readonly db: Database) {}

  async create(values: NewTrackingLink) {
    const [row] = await this.db.insert(trackingLinks).values(values).returning();
    return row!;
  }

  async findOwned(presenterId: string, id: string) {
    const [row] = await this.db
      .select()
      .from(trackingLinks)
      .where(and(eq(trackingLinks.id, id), eq(trackingLinks.presenterId, presenterId)));
    return row;
  }

  async findByToken(token: string) {
    const [row] = await this.db
      .select()
      .from(trackingLinks)
      .where(eq(trackingLinks.tokenHash, viewerTokenHash(token)));
    return row;
  }

  /**
   * Seals and clears the plain tokens of links made before migration 0021, a batch at a time, each batch
   * locked while it is sealed. Servers starting at once each take the rows the others have not locked
   * (SKIP LOCKED), so none waits on another and no row is sealed twice; a row being sealed still reads
   * with its plain token until its batch commits. Returns how many rows this call sealed.
   */
  async sealPlainTokens(seal: (token: string) => string, batchSize = 500) {
    let sealed = 0;
    for (;;) {
      const inBatch = await this.db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: trackingLinks.id, plainToken: trackingLinks.plainToken })
          .from(trackingLinks)
          .where(isNotNull(trackingLinks.plainToken))
          .limit(batchSize)
          .for('update', { skipLocked: true });
        for (const row of rows) {
          await tx
            .update(trackingLinks)
            .set({ tokenEnc: seal(row.plainToken!), plainToken: null })
            .where(eq(trackingLinks.id, row.id));
        }
        return rows.length;
      });
      if (inBatch === 0) return sealed;
      sealed += inBatch;
    }
  }

  async findByVideoAndEmail(videoId: string, email: string) {
    const [row] = await this.db
      .select()
      .from(trackingLinks)
      .where(and(eq(trackingLinks.videoId, videoId), eq(trackingLinks.viewerEmail, email)));
    return row;
  }

  async findPreview(videoId: string) {
    const [row] = await this.db
      .select()
      .from(trackingLinks)
      .where(and(eq(trackingLinks.videoId, videoId), eq(trackingLinks.generatedBy, 'preview')));
    return row;
  }

  /** Every link of the presenter (or of one of their films), newest first; previews are not viewers. */
  listOwned(presenterId: string, videoId?: string) {
    return this.db
      .select()
      .from(trackingLinks)
      .where(
        and(
          eq(trackingLinks.presenterId, presenterId),
          videoId ? eq(trackingLinks.videoId, videoId) : undefined,
          sql`${trackingLinks.generatedBy} <> 'preview'`,
        ),
      )
      .orderBy(desc(trackingLinks.createdAt));
  }

  async audience(presenterId: string, videoId: string, q: AudienceQuery) {
    const where = and(
      eq(trackingLinks.presenterId, presenterId),
      eq(trackingLinks.videoId, videoId),
      sql`${trackingLinks.generatedBy} <> 'preview'`,
      q.status ? AUDIENCE_STATUS_FILTERS[q.status] : undefined,
      q.source ? eq(trackingLinks.generatedBy, q.source) : undefined,
      q.search
        ? or(
            ilike(trackingLinks.viewerName, containsPattern(q.search)),
            ilike(trackingLinks.viewerEmail, containsPattern(q.search)),
          )
        : undefined,
    );
    const direction = q.order === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(trackingLinks)
        .where(where)
        .orderBy(sql`${direction(SORTS[q.sort])} nulls last`, desc(trackingLinks.createdAt))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db.select({ value: count() }).from(trackingLinks).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  }

  async updateOwned(
    presenterId: string,
    id: string,
    patch: TrackingLinkPatch & { status?: 'active' | 'revoked'; revokedAt?: Date | null },
  ) {
    const [row] = await this.db
      .update(trackingLinks)
      .set(patch)
      .where(and(eq(trackingLinks.id, id), eq(trackingLinks.presenterId, presenterId)))
      .returning();
    return row;
  }

  async markInvited(id: string, at: Date) {
    await this.db
      .update(trackingLinks)
      .set({
        invitedAt: at,
        generatedBy: sql`case when ${trackingLinks.generatedBy} = 'access_url' then 'invitation' else ${trackingLinks.generatedBy} end`,
      })
      .where(eq(trackingLinks.id, id));
  }

  async findById(id: string) {
    const [row] = await this.db.select().from(trackingLinks).where(eq(trackingLinks.id, id));
    return row;
  }

  /**
   * Counts a new session if the usage limit leaves room: one conditional UPDATE, so N concurrent
   * openings with room for K succeed exactly K times. The link's session count after this one, or null
   * when the limit is reached.
   */
  async reserveSession(
    id: string,
    seen: { at: Date; country: string | null; device: string; browser: string | null },
  ) {
    const rows = await this.db
      .update(trackingLinks)
      .set({
        sessionsCount: sql`${trackingLinks.sessionsCount} + 1`,
        lastActiveAt: seen.at,
        lastCountry: seen.country,
        lastDevice: seen.device,
        lastBrowser: seen.browser,
      })
      .where(
        and(
          eq(trackingLinks.id, id),
          // Still open as it is now, not as the caller read it: a link revoked or ended a moment ago counts
          // no more sessions.
          eq(trackingLinks.status, 'active'),
          sql`(${trackingLinks.endsAt} is null or ${trackingLinks.endsAt} > ${seen.at.toISOString()}::timestamptz)`,
          sql`(${trackingLinks.usageLimit} is null or ${trackingLinks.sessionsCount} < ${trackingLinks.usageLimit})`,
        ),
      )
      .returning({ sessions: trackingLinks.sessionsCount });
    return rows[0]?.sessions ?? null;
  }

  // Invitations ------------------------------------------------------------

  /**
   * Records an invitation. A sent one made under a hold (`holdMailAllowance`) takes its mail off the hold
   * in the same transaction, so the mail is counted once, never twice, while the sending goes on.
   */
  async addInvitation(values: typeof invitations.$inferInsert, holdId?: string) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(invitations).values(values).returning();
      if (holdId && values.status === 'sent') {
        await tx
          .update(mailAllowanceHolds)
          .set({ mails: sql`greatest(${mailAllowanceHolds.mails} - 1, 0)` })
          .where(eq(mailAllowanceHolds.id, holdId));
      }
      return row!;
    });
  }

  /**
   * Holds `mails` of the presenter's allowance once `allow` accepts the number already used (sent since
   * `since`, plus mails other sendings hold); `allow` throws to refuse. A transaction-scoped advisory lock
   * on the presenter serialises the count, so concurrent sendings cannot pass the allowance together.
   * Returns the hold's id, to release once the mails are recorded as sent or failed.
   */
  async holdMailAllowance(presenterId: string, mails: number, since: Date, allow: (used: number) => void) {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mails:${presenterId}`}, 0))`);
      const lapse = new Date(Date.now() - HOLD_LAPSES_AFTER_MS);
      const sent = await tx.$count(
        invitations,
        and(
          eq(invitations.presenterId, presenterId),
          eq(invitations.status, 'sent'),
          gte(invitations.sentAt, since),
        ),
      );
      const [held] = await tx
        .select({ mails: sql<number>`coalesce(sum(${mailAllowanceHolds.mails}), 0)::int` })
        .from(mailAllowanceHolds)
        .where(
          and(eq(mailAllowanceHolds.presenterId, presenterId), gte(mailAllowanceHolds.createdAt, lapse)),
        );
      allow(sent + held!.mails);
      await tx
        .delete(mailAllowanceHolds)
        .where(and(eq(mailAllowanceHolds.presenterId, presenterId), lt(mailAllowanceHolds.createdAt, lapse)));
      const [hold] = await tx
        .insert(mailAllowanceHolds)
        .values({ presenterId, mails })
        .returning({ id: mailAllowanceHolds.id });
      return hold!.id;
    });
  }

  async releaseMailAllowance(holdId: string) {
    await this.db.delete(mailAllowanceHolds).where(eq(mailAllowanceHolds.id, holdId));
  }

  /**
   * Claims the sending of a link's invitation, with the link's row locked, so sendings at once, on any
   * server, are decided one after another: refused when the latest invitation was sent less than
   * `pauseMs` ago, or while another sending holds the claim (one older than `lapseMs` was left by a
   * process that stopped, and is taken over). Only the claim is written here; the mail is sent after,
   * and `releaseInvitationSending` clears it once the outcome is recorded.
   */
  async claimInvitationSending(
    id: string,
    pauseMs: number,
    lapseMs: number,
  ): Promise<'claimed' | 'sent-recently' | 'sending' | 'gone'> {
    return this.db.transaction(async (tx) => {
      const [link] = await tx
        .select({
          sending: sql<boolean>`coalesce(${trackingLinks.invitationSendingSince} > now() - make_interval(secs => ${lapseMs / 1000}), false)`,
        })
        .from(trackingLinks)
        .where(eq(trackingLinks.id, id))
        .for('no key update');
      if (!link) return 'gone';
      if (link.sending) return 'sending';
      // Read after the lock: a sending that finished a moment ago recorded its invitation before it
      // let go of the claim.
      const [last] = await tx
        .select({
          recent: sql<boolean>`coalesce(${invitations.sentAt} > now() - make_interval(secs => ${pauseMs / 1000}), false)`,
        })
        .from(invitations)
        .where(eq(invitations.trackingLinkId, id))
        .orderBy(desc(invitations.createdAt))
        .limit(1);
      if (last?.recent) return 'sent-recently';
      await tx
        .update(trackingLinks)
        .set({ invitationSendingSince: sql`now()` })
        .where(eq(trackingLinks.id, id));
      return 'claimed';
    });
  }

  async releaseInvitationSending(id: string) {
    await this.db.update(trackingLinks).set({ invitationSendingSince: null }).where(eq(trackingLinks.id, id));
  }

  /** The latest invitation of each of these links. */
  async latestInvitations(linkIds: string[]) {
    if (linkIds.length === 0) return new Map<string, InvitationRow>();
    const rows = await this.db
      .selectDistinctOn([invitations.trackingLinkId])
      .from(invitations)
      .where(inArray(invitations.trackingLinkId, linkIds))
      .orderBy(invitations.trackingLinkId, desc(invitations.createdAt));
    return new Map(rows.map((r) => [r.trackingLinkId, r]));
  }

  // Anonymous viewers ---------------------------------------------------------

  async findByAnonymousDevice(anonymousLinkId: string, deviceId: string) {
    const [row] = await this.db
      .select()
      .from(trackingLinks)
      .where(and(eq(trackingLinks.anonymousLinkId, anonymousLinkId), eq(trackingLinks.deviceId, deviceId)));
    return row;
  }

  countAnonymous(anonymousLinkId: string) {
    return this.db.$count(trackingLinks, eq(trackingLinks.anonymousLinkId, anonymousLinkId));
  }

  /**
   * Creates the tracking link of a new person+device of an anonymous link, or finds the one they have.
   * The anonymous link's row is locked while its viewers are counted, so N concurrent openings with room
   * for K create exactly K links, and a change of its limit, end or status (which writes that row)
   * applies to every opening that comes after it. `allow` sees the anonymous link as stored and its
   * number of viewers, and throws to refuse; `values` makes the new link from it. Undefined when the
   * anonymous link no longer exists.
   */
  async createAnonymousWithinLimit(
    anonymousLinkId: string,
    deviceId: string,
    allow: (anonymous: AnonymousLinkRow, viewers: number) => void,
    values: (anonymous: AnonymousLinkRow) => NewTrackingLink,
  ) {
    return this.db.transaction(async (tx) => {
      const [anonymous] = await tx
        .select()
        .from(anonymousLinks)
        .where(eq(anonymousLinks.id, anonymousLinkId))
        .for('update');
      if (!anonymous) return undefined;
      const ofDevice = and(
        eq(trackingLinks.anonymousLinkId, anonymousLinkId),
        eq(trackingLinks.deviceId, deviceId),
      );
      const [existing] = await tx.select().from(trackingLinks).where(ofDevice);
      if (existing) return existing;
      allow(anonymous, await tx.$count(trackingLinks, eq(trackingLinks.anonymousLinkId, anonymousLinkId)));
      const [row] = await tx
        .insert(trackingLinks)
        .values({ ...values(anonymous), anonymousLinkId, deviceId })
        .returning();
      return row!;
    });
  }
}
