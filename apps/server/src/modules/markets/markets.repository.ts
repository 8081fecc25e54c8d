import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { presenters } from '../../db/schema/presenters';
import { type MarketRow, markets, marketVideos } from '../../db/schema/sharing';
import { trackingLinks } from '../../db/schema/tracking-links';
import { videos } from '../../db/schema/videos';

export class MarketsRepository {
  constructor(private readonly db: Database) {}

  async list() {
    return this.db
      .select({ market: markets, films: count(marketVideos.videoId) })
      .from(markets)
      .leftJoin(marketVideos, eq(marketVideos.marketId, markets.id))
      .groupBy(markets.id)
      .orderBy(desc(markets.createdAt));
  }

  async create(values: typeof markets.$inferInsert) {
    const [row] = await this.db.insert(markets).values(values).returning();
    return row!;
  }

  async update(id: string, patch: Partial<Omit<MarketRow, 'id' | 'createdAt'>>) {
    const [row] = await this.db.update(markets).set(patch).where(eq(markets.id, id)).returning();
    return row;
  }

  async findById(id: string) {
    const [row] = await this.db.select().from(markets).where(eq(markets.id, id));
    return row;
  }

  async findByCode(code: string) {
    const [row] = await this.db.select().from(markets).where(eq(markets.code, code));
    return row;
  }

  async countFilms(marketId: string) {
    return this.db.$count(marketVideos, eq(marketVideos.marketId, marketId));
  }

  async push(marketId: string, videoId: string, presenterId: string) {
    await this.db.insert(marketVideos).values({ marketId, videoId, presenterId }).onConflictDoNothing();
  }

  /** Takes a presenter's film out of a market; false when it was not listed there. */
  async unlist(marketId: string, videoId: string, presenterId: string) {
    const removed = await this.db
      .delete(marketVideos)
      .where(
        and(
          eq(marketVideos.marketId, marketId),
          eq(marketVideos.videoId, videoId),
          eq(marketVideos.presenterId, presenterId),
        ),
      )
      .returning({ videoId: marketVideos.videoId });
    return removed.length > 0;
  }

  /** Takes any film out of a market (its organisers); the listing removed, or undefined. */
  async removeListing(marketId: string, videoId: string) {
    const [removed] = await this.db
      .delete(marketVideos)
      .where(and(eq(marketVideos.marketId, marketId), eq(marketVideos.videoId, videoId)))
      .returning({ presenterId: marketVideos.presenterId });
    return removed;
  }

  /** A market's films with their presenters and how many attendees asked for each, newest listing first. */
  listings(marketId: string) {
    return this.db
      .select({
        videoId: videos.id,
        title: videos.title,
        presenter: { id: presenters.id, name: presenters.name, email: presenters.email },
        listedAt: marketVideos.pushedAt,
        requests: this.db.$count(
          trackingLinks,
          and(eq(trackingLinks.marketId, marketId), eq(trackingLinks.videoId, marketVideos.videoId)),
        ),
      })
      .from(marketVideos)
      .innerJoin(videos, eq(videos.id, marketVideos.videoId))
      .innerJoin(presenters, eq(presenters.id, marketVideos.presenterId))
      .where(eq(marketVideos.marketId, marketId))
      .orderBy(desc(marketVideos.pushedAt));
  }

  async isListed(marketId: string, videoId: string) {
    return (
      (await this.db.$count(
        marketVideos,
        and(eq(marketVideos.marketId, marketId), eq(marketVideos.videoId, videoId)),
      )) > 0
    );
  }

  /** Markets a presenter's film is listed in. */
  marketsOfVideo(presenterId: string, videoId: string) {
    return this.db
      .select({ market: markets, pushedAt: marketVideos.pushedAt })
      .from(marketVideos)
      .innerJoin(markets, eq(markets.id, marketVideos.marketId))
      .where(and(eq(marketVideos.videoId, videoId), eq(marketVideos.presenterId, presenterId)))
      .orderBy(asc(markets.name));
  }

  /** The films of a market, for its attendees' page. */
  films(marketId: string) {
    return this.db
      .select({ video: videos })
      .from(marketVideos)
      .innerJoin(videos, eq(videos.id, marketVideos.videoId))
      .where(eq(marketVideos.marketId, marketId))
      .orderBy(asc(videos.title));
  }
}
