CREATE TABLE "video_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"video_id" uuid NOT NULL,
	"rendition" text NOT NULL,
	"segment_index" integer NOT NULL,
	"key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_keys" ADD CONSTRAINT "video_keys_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_keys_video_idx" ON "video_keys" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_keys_segment_idx" ON "video_keys" USING btree ("video_id","rendition","segment_index");