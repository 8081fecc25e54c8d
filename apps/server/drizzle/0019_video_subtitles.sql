CREATE TABLE "video_subtitles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"video_id" uuid NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"cue_count" integer NOT NULL,
	"last_cue_end" double precision NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_subtitles" ADD CONSTRAINT "video_subtitles_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_subtitles_video_idx" ON "video_subtitles" USING btree ("video_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "video_subtitles_label_idx" ON "video_subtitles" USING btree ("video_id",lower("label"));