import type { SubtitleKind, SubtitleLanguage } from '@screenroom/shared/subtitle-languages';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { videos } from './videos';

/**
 * A film's subtitle tracks: the file itself is a normalised WebVTT in storage
 * (`videos/{videoId}/subtitles/{id}.vtt`), so it goes with the film's other files when the film is deleted.
 */
export const videoSubtitles = pgTable(
  'video_subtitles',
  {
    id: uuid('id').primaryKey(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    language: text('language').$type<SubtitleLanguage>().notNull(),
    kind: text('kind').$type<SubtitleKind>().notNull(),
    /** What the viewer's menu shows; unique per film whatever the case. */
    label: text('label').notNull(),
    cueCount: integer('cue_count').notNull(),
    /** The film time of the last line's end, in seconds. */
    lastCueEnd: doublePrecision('last_cue_end').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('video_subtitles_video_idx').on(t.videoId, t.createdAt),
    // Checked in code under the film's lock too; this keeps it true whatever writes the table.
    uniqueIndex('video_subtitles_label_idx').on(t.videoId, sql`lower(${t.label})`),
  ],
);

export type VideoSubtitleRow = typeof videoSubtitles.$inferSelect;
