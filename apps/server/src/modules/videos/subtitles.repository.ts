import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videoSubtitles } from '../../db/schema/subtitles';
import { videos } from '../../db/schema/videos';

export type NewSubtitle = typeof videoSubtitles.$inferInsert;

/** What `insertCounted` found under the film's lock, for the service to accept or refuse. */
export type SubtitlesHeld = { count: number; labels: string[] };

const ownedBy = (presenterId: string, videoId: string) =>
  and(eq(videos.id, videoId), eq(videos.presenterId, presenterId));

export class SubtitlesRepository {
  constructor(private readonly db: Database) {}

  /** A film's tracks, oldest first (callers check who may see them). */
  listOfVideo(videoId: string) {
    return this.db
      .select()
      .from(videoSubtitles)
      .where(eq(videoSubtitles.videoId, videoId))
      .orderBy(asc(videoSubtitles.createdAt), asc(videoSubtitles.id));
  }

  async findOfVideo(videoId: string, id: string) {
    const [row] = await this.db
      .select()
      .from(videoSubtitles)
      .where(and(eq(videoSubtitles.videoId, videoId), eq(videoSubtitles.id, id)));
    return row;
  }

  /**
   * Inserts a track once `allow` accepts what the film holds (it throws to refuse). The film's row is
   * locked (FOR UPDATE) for the count and the insert, so uploads at once cannot pass the limit or take
   * one label together. Undefined when the film is not the presenter's (or is gone).
   */
  async insertCounted(presenterId: string, values: NewSubtitle, allow: (held: SubtitlesHeld) => void) {
    return this.db.transaction(async (tx) => {
      const [film] = await tx
        .select({ id: videos.id })
        .from(videos)
        .where(ownedBy(presenterId, values.videoId))
        .for('update');
      if (!film) return undefined;
      const [held] = await tx
        .select({
          count: count(),
          labels: sql<string[]>`coalesce(array_agg(lower(${videoSubtitles.label})), '{}')`,
        })
        .from(videoSubtitles)
        .where(eq(videoSubtitles.videoId, values.videoId));
      allow({ count: held?.count ?? 0, labels: held?.labels ?? [] });
      const [row] = await tx.insert(videoSubtitles).values(values).returning();
      return row!;
    });
  }

  /** Deletes one track of the film; answers it (for its file), or undefined. */
  async deleteOfVideo(videoId: string, id: string) {
    const [row] = await this.db
      .delete(videoSubtitles)
      .where(and(eq(videoSubtitles.videoId, videoId), eq(videoSubtitles.id, id)))
      .returning();
    return row;
  }
}
