import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The per-IP request counts of the rate-limited routes (sign-in, codes, link openings, market codes),
 * one row per address and route, shared by every server on the database: with two servers behind a
 * load balancer, a guesser gets the limit once, not once per server. UNLOGGED (migration 0018): counts
 * lost in a crash only reset a minute's window, and no write-ahead log is spent on them.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});
