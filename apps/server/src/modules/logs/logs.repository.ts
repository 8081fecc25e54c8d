import type { LogsQuery } from '@screenroom/shared/schemas/logs';
import { and, count, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { logs, type NewLogRow } from '../../db/schema/logs';
import { videos } from '../../db/schema/videos';

/** Whose entries a read may see: everyone's (administrators) or one presenter's own. */
export type LogScope = { all: true } | { all: false; presenterId: string };

export class LogsRepository {
  constructor(private readonly db: Database) {}

  async insert(entry: NewLogRow) {
    // An entry about a film carries its title, for the log's readers and its search, whoever wrote it.
    const videoTitle =
      entry.videoTitle ??
      (entry.videoId ? sql<string>`(SELECT title FROM videos WHERE id = ${entry.videoId})` : undefined);
    // One about a presenter carries both their id (so it is in their own log: the sign-in mails and
    // refused codes of their account, written before anyone is signed in) and their e-mail (the User
    // column).
    const userEmail =
      entry.userEmail ??
      (entry.userId ? sql<string>`(SELECT email FROM presenters WHERE id = ${entry.userId})` : undefined);
    const userId =
      entry.userId ??
      (entry.userEmail
        ? sql<string>`(SELECT id FROM presenters WHERE email = lower(${entry.userEmail}))`
        : undefined);
    await this.db.insert(logs).values({ ...entry, videoTitle, userEmail, userId });
  }

  /** A presenter's own entries: about them (user id) or about one of their films. */
  private scopeCondition(scope: LogScope): SQL | undefined {
    if (scope.all) return undefined;
    const ownVideos = this.db
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.presenterId, scope.presenterId));
    return or(eq(logs.userId, scope.presenterId), inArray(logs.videoId, ownVideos));
  }

  private filterConditions(query: Omit<LogsQuery, 'page' | 'limit'>) {
    const conditions: (SQL | undefined)[] = [];
    if (query.level) conditions.push(eq(logs.level, query.level));
    if (query.type) conditions.push(eq(logs.type, query.type));
    if (query.module) conditions.push(eq(logs.module, query.module));
    if (query.from) conditions.push(gte(logs.timestamp, new Date(query.from)));
    if (query.to) conditions.push(lte(logs.timestamp, new Date(query.to)));
    if (query.search) {
      const pattern = containsPattern(query.search);
      conditions.push(
        or(
          ilike(logs.message, pattern),
          ilike(logs.userEmail, pattern),
          ilike(logs.videoTitle, pattern),
          ilike(logs.requestId, pattern),
          ilike(logs.ipAddress, pattern),
        ),
      );
    }
    return conditions;
  }

  async list(scope: LogScope, query: LogsQuery) {
    const where = and(this.scopeCondition(scope), ...this.filterConditions(query));
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(logs)
        .where(where)
        .orderBy(desc(logs.timestamp), desc(logs.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ value: count() }).from(logs).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  }

  /** The types and modules that occur in the scope, for the filter menus. */
  async facets(scope: LogScope) {
    const where = this.scopeCondition(scope);
    const [types, modules] = await Promise.all([
      this.db.selectDistinct({ value: logs.type }).from(logs).where(where).orderBy(logs.type),
      this.db.selectDistinct({ value: logs.module }).from(logs).where(where).orderBy(logs.module),
    ]);
    return { types: types.map((r) => r.value), modules: modules.map((r) => r.value) };
  }

  /** Deletes entries older than `before`; returns how many. */
  async purgeOlderThan(before: Date) {
    const result = await this.db.delete(logs).where(lt(logs.timestamp, before));
    return result.rowCount ?? 0;
  }
}
