import type { Theme, VideoStatus, VideoType, WatermarkType } from '@screenroom/shared/enums';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { presenters } from './presenters';

/** One rendition of the HLS ladder as stored: where its playlist is and what it needs. */
export type Rendition = {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  playlist: string;
  segments: number;
};

/** A film (the UI's "Screener"): metadata, source, streams, branding and watermark settings. */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    presenterId: uuid('presenter_id')
      .notNull()
      .references(() => presenters.id, { onDelete: 'cascade' }),
    type: text('type').$type<VideoType>().notNull(),
    status: text('status').$type<VideoStatus>().notNull().default('created'),
    /** Percent of the current step (encoding), for progress bars. */
    progress: integer('progress').notNull().default(0),
    /** Why the last step failed, in words for the presenter. */
    failureReason: text('failure_reason'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    adminNote: text('admin_note'),
    director: text('director'),
    producer: text('producer'),
    durationSeconds: real('duration_seconds'),
    theme: text('theme').$type<Theme>().notNull().default('dark'),
    /** Storage keys of images we host; for Vimeo films the thumbnail may be Vimeo's URL instead. */
    thumbnailKey: text('thumbnail_key'),
    thumbnailUrl: text('thumbnail_url'),
    logoKey: text('logo_key'),
    /** The Vimeo page of an imported film. */
    videoUrl: text('video_url'),
    vimeoId: text('vimeo_id'),
    /** The privacy hash of a Vimeo film that is hidden (unlisted): its player needs it (`?h=`). */
    vimeoHash: text('vimeo_hash'),
    /** The uploaded original, kept until the streams are made. */
    sourceKey: text('source_key'),
    sourceBytes: bigint('source_bytes', { mode: 'number' }),
    width: integer('width'),
    height: integer('height'),
    renditions: jsonb('renditions').$type<Rendition[]>(),
    encrypted: boolean('encrypted').notNull().default(false),
    /** When encryption completed: players opened before it may still ask for the plain streams. */
    encryptedAt: timestamp('encrypted_at', { withTimezone: true }),
    enableLogo: boolean('enable_logo').notNull().default(true),
    enableWatermark: boolean('enable_watermark').notNull().default(false),
    watermark: text('watermark'),
    watermarkType: text('watermark_type').$type<WatermarkType>().notNull().default('text'),
    watermarkImageKey: text('watermark_image_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [index('videos_presenter_idx').on(t.presenterId, t.createdAt)],
);

export type VideoRow = typeof videos.$inferSelect;
