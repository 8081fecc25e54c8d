import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { type PresenterRow, presenters } from '../../db/schema/presenters';

/** What a new account may start with instead of the defaults (the registering device's). */
export type NewPresenterPreferences = Partial<Pick<PresenterRow, 'timezone' | 'theme'>>;

export type PresenterPatch = Partial<
  Pick<
    PresenterRow,
    | 'name'
    | 'timezone'
    | 'theme'
    | 'onboarding'
    | 'isOnboardingCompleted'
    | 'ruleSet'
    | 'vimeoAccessTokenEnc'
    | 'lastLoginAt'
  >
> & {
  /** Merged into the stored settings by the database, so two saves at once both keep their change. */
  playerSettings?: Partial<PresenterRow['playerSettings']>;
};

export class PresentersRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string) {
    const [row] = await this.db.select().from(presenters).where(eq(presenters.id, id));
    return row;
  }

  async findByEmail(email: string) {
    const [row] = await this.db.select().from(presenters).where(eq(presenters.email, email));
    return row;
  }

  /** Creates the presenter, or returns the one a concurrent registration created first. */
  async createOrGet(email: string, name: string, preferences: NewPresenterPreferences = {}) {
    const [created] = await this.db
      .insert(presenters)
      .values({ email, name, ...preferences })
      .onConflictDoNothing({ target: presenters.email })
      .returning();
    return created ?? (await this.findByEmail(email))!;
  }

  /**
   * Reads the presenter's row locked and writes what `change` makes of it (nothing when it answers
   * undefined; it may throw to refuse), so concurrent changes each build on the one before.
   */
  async changeLocked(
    id: string,
    change: (row: PresenterRow) => Omit<PresenterPatch, 'playerSettings'> | undefined,
  ) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(presenters).where(eq(presenters.id, id)).for('update');
      if (!row) return undefined;
      const patch = change(row);
      if (!patch) return row;
      const [updated] = await tx.update(presenters).set(patch).where(eq(presenters.id, id)).returning();
      return updated;
    });
  }

  async update(id: string, { playerSettings, ...patch }: PresenterPatch) {
    const [row] = await this.db
      .update(presenters)
      .set({
        ...patch,
        ...(playerSettings && {
          playerSettings: sql`${presenters.playerSettings} || ${JSON.stringify(playerSettings)}::jsonb`,
        }),
      })
      .where(eq(presenters.id, id))
      .returning();
    return row;
  }

  async list(options: { search?: string; page: number; limit: number }) {
    const where = options.search
      ? or(
          ilike(presenters.email, containsPattern(options.search)),
          ilike(presenters.name, containsPattern(options.search)),
        )
      : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(presenters)
        .where(where)
        .orderBy(desc(presenters.createdAt))
        .limit(options.limit)
        .offset((options.page - 1) * options.limit),
      this.db.select({ value: count() }).from(presenters).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  }
}
