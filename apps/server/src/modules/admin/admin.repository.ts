import type { AdminPresentersQuery } from '@screenroom/shared/schemas/admin';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { qualified } from '../../db/qualified';
import { billingAccounts, planGrants, planRequests } from '../../db/schema/billing';
import { presenters } from '../../db/schema/presenters';
import { trackingLinks } from '../../db/schema/tracking-links';
import { videos } from '../../db/schema/videos';

/** Administrators' view of presenters: one query with each presenter's counts and plan holdings. */
export class AdminRepository {
  constructor(private readonly db: Database) {}

  private where(query: Pick<AdminPresentersQuery, 'search' | 'plan'>) {
    const search = query.search
      ? or(
          ilike(presenters.email, containsPattern(query.search)),
          ilike(presenters.name, containsPattern(query.search)),
        )
      : undefined;
    return and(search, query.plan ? eq(presenters.ruleSet, query.plan) : undefined);
  }

  private selectWithStats() {
    return this.db
      .select({
        presenter: presenters,
        films: sql<number>`(select count(*)::int from ${videos} where ${qualified(videos, videos.presenterId)} = ${qualified(presenters, presenters.id)})`,
        trackingLinks: sql<number>`(select count(*)::int from ${trackingLinks} where ${qualified(trackingLinks, trackingLinks.presenterId)} = ${qualified(presenters, presenters.id)} and ${qualified(trackingLinks, trackingLinks.generatedBy)} <> 'preview')`,
        subscriptionStatus: billingAccounts.subscriptionStatus,
        priceId: billingAccounts.priceId,
        granted: sql<boolean>`${planGrants.presenterId} is not null`,
        professionalRequestedAt: planRequests.requestedAt,
      })
      .from(presenters)
      .leftJoin(billingAccounts, eq(billingAccounts.presenterId, presenters.id))
      .leftJoin(planGrants, eq(planGrants.presenterId, presenters.id))
      .leftJoin(planRequests, eq(planRequests.presenterId, presenters.id));
  }

  async list(query: AdminPresentersQuery) {
    const where = this.where(query);
    const [rows, [total]] = await Promise.all([
      this.selectWithStats()
        .where(where)
        .orderBy(desc(presenters.createdAt), desc(presenters.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ value: count() }).from(presenters).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  }

  async findOne(presenterId: string) {
    const [row] = await this.selectWithStats().where(eq(presenters.id, presenterId));
    return row;
  }
}

export type PresenterWithStats = NonNullable<Awaited<ReturnType<AdminRepository['findOne']>>>;
