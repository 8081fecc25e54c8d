CREATE TABLE "video_activity_hourly" (
	"video_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"watched_seconds" real DEFAULT 0 NOT NULL,
	CONSTRAINT "video_activity_hourly_video_id_hour_pk" PRIMARY KEY("video_id","hour")
);
--> statement-breakpoint
CREATE TABLE "video_analytics" (
	"video_id" uuid PRIMARY KEY NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"watched_seconds" real DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"viewers_opened" integer DEFAULT 0 NOT NULL,
	"viewers_half" integer DEFAULT 0 NOT NULL,
	"viewers_finished" integer DEFAULT 0 NOT NULL,
	"covered_seconds" real DEFAULT 0 NOT NULL,
	"last_active_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "video_audience" (
	"video_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"watched_seconds" real DEFAULT 0 NOT NULL,
	CONSTRAINT "video_audience_video_id_dimension_value_pk" PRIMARY KEY("video_id","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "video_minute_viewers" (
	"video_id" uuid NOT NULL,
	"minute" integer NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_minute_viewers_video_id_minute_pk" PRIMARY KEY("video_id","minute")
);
--> statement-breakpoint
ALTER TABLE "tracking_links" ADD COLUMN "played_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD COLUMN "covered_seconds" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_activity_hourly" ADD CONSTRAINT "video_activity_hourly_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_analytics" ADD CONSTRAINT "video_analytics_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_audience" ADD CONSTRAINT "video_audience_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_minute_viewers" ADD CONSTRAINT "video_minute_viewers_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;