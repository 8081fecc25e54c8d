import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { videos } from './videos';

/**
 * The key store: one AES-128 key per encrypted segment, sealed with MASTER_KEY. Never beside the streams;
 * released only through the key endpoints to a live session or the owner's preview.
 */
export const videoKeys = pgTable(
  'video_keys',
  {
    /** The id in the playlist's key URI. */
    id: uuid('id').primaryKey(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    rendition: text('rendition').notNull(),
    segmentIndex: integer('segment_index').notNull(),
    keySealed: text('key_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('video_keys_video_idx').on(t.videoId),
    uniqueIndex('video_keys_segment_idx').on(t.videoId, t.rendition, t.segmentIndex),
  ],
);
