import { OTP_MAX_ATTEMPTS } from '@screenroom/shared/constants';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSessions, oneTimeCodes } from '../../db/schema/auth';

export type NewCode = typeof oneTimeCodes.$inferInsert;

export class AuthRepository {
  constructor(private readonly db: Database) {}

  /**
   * A new code replaces the e-mail's earlier unused codes of the same kind: only the latest works.
   * Undefined, and nothing written, when `limit.max` codes were sent to the e-mail since `limit.since`.
   * A transaction-scoped advisory lock on the e-mail serialises the count and the insert, so concurrent
   * requests cannot pass the limit together, and each code is stamped when it is written (not when its
   * transaction began), so the latest code is the one that replaced the others.
   */
  async replaceCode(code: NewCode, now: Date, limit: { since: Date; max: number }) {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`codes:${code.email}`}, 0))`);
      const sent = await tx.$count(
        oneTimeCodes,
        and(eq(oneTimeCodes.email, code.email), gt(oneTimeCodes.createdAt, limit.since)),
      );
      if (sent >= limit.max) return undefined;
      await tx
        .update(oneTimeCodes)
        .set({ voidedAt: now })
        .where(
          and(
            eq(oneTimeCodes.email, code.email),
            eq(oneTimeCodes.kind, code.kind),
            isNull(oneTimeCodes.consumedAt),
            isNull(oneTimeCodes.voidedAt),
          ),
        );
      const [row] = await tx
        .insert(oneTimeCodes)
        .values({ ...code, createdAt: sql`clock_timestamp()` })
        .returning();
      return row!;
    });
  }

  async latestOtp(email: string) {
    const [row] = await this.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.kind, 'otp')))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    return row;
  }

  async findByHash(codeHash: string) {
    const [row] = await this.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.codeHash, codeHash));
    return row;
  }

  /**
   * Takes back a code whose mail was never sent: it is deleted, and the codes it replaced (voided at
   * `replacedAt`) work again, so a failed resend does not spoil the code already in the mailbox.
   */
  async withdrawCode(code: Pick<NewCode, 'email' | 'kind'> & { id: string }, replacedAt: Date) {
    await this.db.transaction(async (tx) => {
      await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.id, code.id));
      await tx
        .update(oneTimeCodes)
        .set({ voidedAt: null })
        .where(
          and(
            eq(oneTimeCodes.email, code.email),
            eq(oneTimeCodes.kind, code.kind),
            eq(oneTimeCodes.voidedAt, replacedAt),
            isNull(oneTimeCodes.consumedAt),
            lt(oneTimeCodes.attempts, OTP_MAX_ATTEMPTS),
          ),
        );
    });
  }

  /**
   * Counts one wrong try; the try that reaches `maxAttempts` voids the code. Returns the attempts so far.
   * One UPDATE, so concurrent guesses cannot exceed the limit.
   */
  async recordWrongAttempt(id: string, maxAttempts: number, now: Date) {
    const [row] = await this.db
      .update(oneTimeCodes)
      .set({
        attempts: sql`${oneTimeCodes.attempts} + 1`,
        voidedAt: sql`CASE WHEN ${oneTimeCodes.attempts} + 1 >= ${maxAttempts} THEN ${now.toISOString()}::timestamptz ELSE ${oneTimeCodes.voidedAt} END`,
      })
      .where(eq(oneTimeCodes.id, id))
      .returning({ attempts: oneTimeCodes.attempts });
    return row?.attempts ?? maxAttempts;
  }

  /** Marks a live code used. False when it was already used, voided or expired (a concurrent use won). */
  async consume(id: string, now: Date) {
    const rows = await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oneTimeCodes.id, id),
          isNull(oneTimeCodes.consumedAt),
          isNull(oneTimeCodes.voidedAt),
          gt(oneTimeCodes.expiresAt, now),
        ),
      )
      .returning({ id: oneTimeCodes.id });
    return rows.length === 1;
  }

  async createSession(values: typeof authSessions.$inferInsert) {
    const [row] = await this.db.insert(authSessions).values(values).returning();
    return row!;
  }

  async findLiveSession(id: string, presenterId: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(authSessions)
      .where(
        and(
          eq(authSessions.id, id),
          eq(authSessions.presenterId, presenterId),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, now),
        ),
      );
    return row;
  }

  async revokeSession(id: string, now: Date) {
    await this.db.update(authSessions).set({ revokedAt: now }).where(eq(authSessions.id, id));
  }

  /** Housekeeping: codes and sessions long past their expiry. */
  async purgeExpired(before: Date) {
    await this.db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, before));
    await this.db.delete(authSessions).where(lt(authSessions.expiresAt, before));
  }
}
