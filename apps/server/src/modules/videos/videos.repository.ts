import type { VideoStatus } from '@screenroom/shared/enums';
import { and, count, desc, eq, getTableColumns, ilike, inArray, lt, ne, or, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { qualified } from '../../db/qualified';
import { trackingLinks } from '../../db/schema/tracking-links';
import { uploadReservations } from '../../db/schema/uploads';
import { type VideoRow, videos } from '../../db/schema/videos';

export type NewVideo = typeof videos.$inferInsert;
export type VideoPatch = Partial<Omit<NewVideo, 'id' | 'presenterId' | 'status' | 'createdAt'>>;
export type VideoWithCounts = VideoRow & { trackingLinksCount: number };

/** The film's viewers' links: the presenter's own preview link is not one (DOMAIN.md). */
const withCounts = {
  ...getTableColumns(videos),
  trackingLinksCount: sql<number>`(select count(*)::int from ${trackingLinks} where ${qualified(trackingLinks, trackingLinks.videoId)} = ${qualified(videos, videos.id)} and ${qualified(trackingLinks, trackingLinks.generatedBy)} <> 'preview')`,
};

const searchOf = (search?: string) =>
  search
    ? or(ilike(videos.title, containsPattern(search)), ilike(videos.director, containsPattern(search)))
    : undefined;

/** The films a plan counts: all but the sample. */
const countedOf = (presenterId: string) =>
  and(eq(videos.presenterId, presenterId), ne(videos.type, 'sample'));

export class VideosRepository {
  constructor(private readonly db: Database) {}

  async create(values: NewVideo) {
    const [row] = await this.db.insert(videos).values(values).returning();
    return row!;
  }

  /**
   * Creates a film that counts against the presenter's plan, once `allow` accepts their count of such
   * films (it throws to refuse). A transaction-scoped advisory lock on the presenter serialises the
   * count, so concurrent additions cannot pass the plan's limit together.
   */
  async createCounted(allow: (count: number) => void, values: NewVideo, fromUpload?: string) {
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`videos:${values.presenterId}`}, 0))`,
      );
      allow(await tx.$count(videos, countedOf(values.presenterId)));
      const [row] = await tx.insert(videos).values(values).returning();
      // The upload's storage now counts as the film's (`sourceBytes`), in the same transaction, so the
      // quota never counts it twice nor forgets it.
      if (fromUpload) await tx.delete(uploadReservations).where(eq(uploadReservations.uploadId, fromUpload));
      return row!;
    });
  }

  /**
   * Inserts the presenter's sample film unless they have one: `created` says which. A transaction-scoped
   * advisory lock on the presenter serialises the look and the insert, so requests at once, on any
   * server, make one sample. Only the row is made here; its file is copied after, outside the lock.
   */
  async createSampleOnce(values: NewVideo & { type: 'sample' }) {
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`sample:${values.presenterId}`}, 0))`,
      );
      const [existing] = await tx
        .select()
        .from(videos)
        .where(and(eq(videos.presenterId, values.presenterId), eq(videos.type, 'sample')))
        .orderBy(videos.createdAt)
        .limit(1);
      if (existing) return { row: existing, created: false };
      const [row] = await tx.insert(videos).values(values).returning();
      return { row: row!, created: true };
    });
  }

  /**
   * Records the storage a new upload holds, once `allow` accepts what the presenter holds already: their
   * films' sources, and the uploads not yet screeners created since `since` (older ones have expired).
   * `allow` throws to refuse. A transaction-scoped advisory lock on the presenter serialises the sum
   * and the insert, so uploads created at once, on any server, cannot pass the quota together.
   */
  async reserveUpload(
    reservation: { uploadId: string; presenterId: string; bytes: number },
    since: Date,
    allow: (held: { films: number; pending: number }) => void,
  ) {
    const { presenterId } = reservation;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${presenterId}`}, 0))`);
      // One statement, so the films and the reservations are read at one moment (a reservation becomes
      // a film's source in one transaction).
      const { rows } = await tx.execute<{ films: string; pending: string }>(sql`select
        (select coalesce(sum(${videos.sourceBytes}), 0) from ${videos} where ${videos.presenterId} = ${presenterId}) as films,
        (select coalesce(sum(${uploadReservations.bytes}), 0) from ${uploadReservations}
          where ${uploadReservations.presenterId} = ${presenterId} and ${uploadReservations.createdAt} >= ${since.toISOString()}::timestamptz) as pending`);
      const held = rows[0]!;
      allow({ films: Number(held!.films), pending: Number(held!.pending) });
      await tx
        .delete(uploadReservations)
        .where(and(eq(uploadReservations.presenterId, presenterId), lt(uploadReservations.createdAt, since)));
      await tx.insert(uploadReservations).values(reservation);
    });
  }

  /** The upload is gone (deleted, or refused as not a film): its storage is free. */
  async releaseUpload(uploadId: string) {
    await this.db.delete(uploadReservations).where(eq(uploadReservations.uploadId, uploadId));
  }

  /** Forgets the reservations of uploads that expired (their files are deleted by then). */
  async forgetUploadsBefore(since: Date) {
    await this.db.delete(uploadReservations).where(lt(uploadReservations.createdAt, since));
  }

  async findOwned(presenterId: string, id: string): Promise<VideoWithCounts | undefined> {
    const [row] = await this.db
      .select(withCounts)
      .from(videos)
      .where(and(eq(videos.id, id), eq(videos.presenterId, presenterId)));
    return row;
  }

  /** For the pipeline, which acts on behalf of the system, not of a presenter. */
  async findById(id: string) {
    const [row] = await this.db.select().from(videos).where(eq(videos.id, id));
    return row;
  }

  listOwned(presenterId: string, search?: string): Promise<VideoWithCounts[]> {
    return this.db
      .select(withCounts)
      .from(videos)
      .where(and(eq(videos.presenterId, presenterId), searchOf(search)))
      .orderBy(desc(videos.createdAt));
  }

  async listOwnedOfType(
    presenterId: string,
    type: VideoRow['type'],
    options: { search?: string; page: number; limit: number },
  ) {
    const where = and(eq(videos.presenterId, presenterId), eq(videos.type, type), searchOf(options.search));
    const [rows, [total]] = await Promise.all([
      this.db
        .select(withCounts)
        .from(videos)
        .where(where)
        .orderBy(desc(videos.createdAt))
        .limit(options.limit)
        .offset((options.page - 1) * options.limit),
      this.db.select({ value: count() }).from(videos).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  }

  /** Films that count toward the plan's limit: every film but the sample. */
  async countCounted(presenterId: string) {
    return this.db.$count(videos, countedOf(presenterId));
  }

  async sumSourceBytes(presenterId: string) {
    const [row] = await this.db
      .select({ value: sum(videos.sourceBytes) })
      .from(videos)
      .where(eq(videos.presenterId, presenterId));
    return Number(row?.value ?? 0);
  }

  async update(id: string, patch: VideoPatch) {
    const [row] = await this.db.update(videos).set(patch).where(eq(videos.id, id)).returning();
    return row;
  }

  async updateOwned(presenterId: string, id: string, patch: VideoPatch) {
    const [row] = await this.db
      .update(videos)
      .set(patch)
      .where(and(eq(videos.id, id), eq(videos.presenterId, presenterId)))
      .returning();
    return row;
  }

  /**
   * Points one of the film's images at `key` and answers the key it replaced, as stored (locked), so
   * uploads at once each hand back the one before them, to delete. Undefined if the film is gone.
   */
  async replaceImageOwned(
    presenterId: string,
    id: string,
    column: 'thumbnailKey' | 'logoKey' | 'watermarkImageKey',
    key: string,
  ) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ previous: videos[column] })
        .from(videos)
        .where(and(eq(videos.id, id), eq(videos.presenterId, presenterId)))
        .for('update');
      if (!before) return undefined;
      const [row] = await tx
        .update(videos)
        .set({ [column]: key })
        .where(eq(videos.id, id))
        .returning();
      return { row: row!, previous: before.previous };
    });
  }

  /** Moves `from` → `to` only if the film is still in `from` (a concurrent change makes this a no-op). */
  async transition(id: string, from: VideoStatus, to: VideoStatus, patch: VideoPatch = {}) {
    const [row] = await this.db
      .update(videos)
      .set({ ...patch, status: to })
      .where(and(eq(videos.id, id), eq(videos.status, from)))
      .returning();
    return row;
  }

  async setProgress(id: string, status: VideoStatus, progress: number) {
    await this.db
      .update(videos)
      .set({ progress })
      .where(and(eq(videos.id, id), eq(videos.status, status)));
  }

  async deleteOwned(presenterId: string, id: string) {
    const [row] = await this.db
      .delete(videos)
      .where(and(eq(videos.id, id), eq(videos.presenterId, presenterId)))
      .returning({ id: videos.id, title: videos.title });
    return row;
  }

  /** Films left in a step's statuses since before `before` (their worker may have died). */
  findInStatuses(statuses: readonly VideoStatus[], before: Date) {
    return this.db
      .select({ id: videos.id, status: videos.status })
      .from(videos)
      .where(and(inArray(videos.status, [...statuses]), lt(videos.updatedAt, before)));
  }
}
