import type { RuleSet, Theme } from '@screenroom/shared/enums';
import type { OnboardingState, PlayerSettings } from '@screenroom/shared/schemas/presenters';
import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const presenters = pgTable('presenters', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  ruleSet: text('rule_set').$type<RuleSet>().notNull().default('FREE'),
  onboarding: jsonb('onboarding')
    .$type<OnboardingState>()
    .notNull()
    .default({ vimeo_linking: false, video_creation: false, screener_creation: false }),
  isOnboardingCompleted: boolean('is_onboarding_completed').notNull().default(false),
  timezone: text('timezone').notNull().default('Asia/Tokyo'),
  theme: text('theme').$type<Theme>().notNull().default('dark'),
  playerSettings: jsonb('player_settings')
    .$type<PlayerSettings>()
    .notNull()
    .default({ autoPlay: false, syncingWithVideoPlayer: true, autoJumpToNextSession: true }),
  /** Vimeo personal or OAuth token, encrypted with MASTER_KEY (films issue). */
  vimeoAccessTokenEnc: text('vimeo_access_token_enc'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

export type PresenterRow = typeof presenters.$inferSelect;
