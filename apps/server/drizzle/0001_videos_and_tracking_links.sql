CREATE TABLE "tracking_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"presenter_id" uuid NOT NULL,
	"token" text NOT NULL,
	"viewer_name" text,
	"viewer_email" text,
	"usage_limit" integer,
	"ends_at" timestamp with time zone,
	"geo_restriction_type" text DEFAULT 'none' NOT NULL,
	"geo_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"generated_by" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"invited_at" timestamp with time zone,
	"anonymous_link_id" uuid,
	"device_id" text,
	"market_id" uuid,
	"sessions_count" integer DEFAULT 0 NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"watched_seconds" real DEFAULT 0 NOT NULL,
	"clicks_count" integer DEFAULT 0 NOT NULL,
	"last_country" text,
	"last_device" text,
	"last_browser" text,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"presenter_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"admin_note" text,
	"director" text,
	"producer" text,
	"duration_seconds" real,
	"theme" text DEFAULT 'dark' NOT NULL,
	"thumbnail_key" text,
	"thumbnail_url" text,
	"logo_key" text,
	"video_url" text,
	"vimeo_id" text,
	"source_key" text,
	"source_bytes" bigint,
	"width" integer,
	"height" integer,
	"renditions" jsonb,
	"encrypted" boolean DEFAULT false NOT NULL,
	"enable_logo" boolean DEFAULT true NOT NULL,
	"enable_watermark" boolean DEFAULT false NOT NULL,
	"watermark" text,
	"watermark_type" text DEFAULT 'text' NOT NULL,
	"watermark_image_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_presenter_id_presenters_id_fk" FOREIGN KEY ("presenter_id") REFERENCES "public"."presenters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_presenter_id_presenters_id_fk" FOREIGN KEY ("presenter_id") REFERENCES "public"."presenters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_links_video_idx" ON "tracking_links" USING btree ("video_id","created_at");--> statement-breakpoint
CREATE INDEX "tracking_links_presenter_idx" ON "tracking_links" USING btree ("presenter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_links_video_email_idx" ON "tracking_links" USING btree ("video_id","viewer_email") WHERE "tracking_links"."viewer_email" is not null;--> statement-breakpoint
CREATE INDEX "videos_presenter_idx" ON "videos" USING btree ("presenter_id","created_at");