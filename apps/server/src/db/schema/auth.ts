import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { presenters } from './presenters';

/** A signed-in browser: the access token's `jti`. Logout revokes it; an expired or revoked one is 401. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    presenterId: uuid('presenter_id')
      .notNull()
      .references(() => presenters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_sessions_presenter_idx').on(t.presenterId)],
);

/**
 * One-time sign-in secrets: 6-digit e-mail codes (`otp`) and sign-in links (`login_link`). Only a hash is
 * stored. A registration code carries the name to create the presenter with once the code is verified.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'otp' | 'login_link'>().notNull(),
    purpose: text('purpose').$type<'login' | 'register'>().notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    pendingName: text('pending_name'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    requestedIp: text('requested_ip'),
  },
  (t) => [
    index('one_time_codes_email_idx').on(t.email, t.createdAt),
    uniqueIndex('one_time_codes_hash_idx').on(t.codeHash),
  ],
);
