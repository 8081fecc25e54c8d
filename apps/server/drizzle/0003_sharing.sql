CREATE TABLE "anonymous_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"presenter_id" uuid NOT NULL,
	"code" text NOT NULL,
	"usage_limit" integer,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anonymous_links_video_id_unique" UNIQUE("video_id"),
	CONSTRAINT "anonymous_links_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracking_link_id" uuid NOT NULL,
	"presenter_id" uuid NOT NULL,
	"from_name" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_videos" (
	"market_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"presenter_id" uuid NOT NULL,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markets_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "anonymous_links" ADD CONSTRAINT "anonymous_links_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymous_links" ADD CONSTRAINT "anonymous_links_presenter_id_presenters_id_fk" FOREIGN KEY ("presenter_id") REFERENCES "public"."presenters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_tracking_link_id_tracking_links_id_fk" FOREIGN KEY ("tracking_link_id") REFERENCES "public"."tracking_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_presenter_id_presenters_id_fk" FOREIGN KEY ("presenter_id") REFERENCES "public"."presenters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_videos" ADD CONSTRAINT "market_videos_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_videos" ADD CONSTRAINT "market_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_videos" ADD CONSTRAINT "market_videos_presenter_id_presenters_id_fk" FOREIGN KEY ("presenter_id") REFERENCES "public"."presenters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_link_idx" ON "invitations" USING btree ("tracking_link_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "market_videos_pair_idx" ON "market_videos" USING btree ("market_id","video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_links_anonymous_device_idx" ON "tracking_links" USING btree ("anonymous_link_id","device_id") WHERE "tracking_links"."anonymous_link_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_links_preview_idx" ON "tracking_links" USING btree ("video_id") WHERE "tracking_links"."generated_by" = 'preview';