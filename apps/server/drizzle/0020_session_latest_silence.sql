ALTER TABLE "watch_sessions" ADD COLUMN "silence_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "watch_sessions" ADD COLUMN "silence_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "watch_sessions" ADD COLUMN "clock_ahead_ms" integer DEFAULT 0 NOT NULL;