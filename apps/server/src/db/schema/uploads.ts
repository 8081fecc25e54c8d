import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { presenters } from './presenters';

/**
 * The storage an upload not yet made into a screener holds against its presenter's quota, recorded
 * when the upload is created (its file is on one server's disk; this row is what every server counts).
 * Written under an advisory lock on the presenter, with the check it passed, so uploads created at once,
 * on any server, each see the others. It goes when the upload becomes a screener (in the film's own
 * transaction), is deleted, or is refused as not a film, and stops counting when the upload expires.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    /** The tus upload's id. */
    uploadId: text('upload_id').primaryKey(),
    presenterId: uuid('presenter_id')
      .notNull()
      .references(() => presenters.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_reservations_presenter_idx').on(t.presenterId, t.createdAt)],
);
