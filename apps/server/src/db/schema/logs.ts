import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The specification's Log entity: application events kept for presenters and admins to read. */
export const logs = pgTable(
  'logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    level: text('level').$type<'debug' | 'info' | 'warn' | 'error'>().notNull(),
    type: text('type').notNull(),
    module: text('module').notNull(),
    message: text('message').notNull(),
    videoId: uuid('video_id'),
    videoTitle: text('video_title'),
    context: jsonb('context').$type<Record<string, unknown>>(),
    stackTrace: text('stack_trace'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    requestId: text('request_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('logs_timestamp_idx').on(t.timestamp),
    index('logs_user_idx').on(t.userId, t.timestamp),
    index('logs_video_idx').on(t.videoId, t.timestamp),
  ],
);

export type LogRow = typeof logs.$inferSelect;
export type NewLogRow = typeof logs.$inferInsert;
