CREATE TABLE "watch_event_batches" (
	"session_id" uuid NOT NULL,
	"first_seq" integer NOT NULL,
	"last_seq" integer NOT NULL,
	"events" jsonb NOT NULL,
	CONSTRAINT "watch_event_batches_session_id_first_seq_pk" PRIMARY KEY("session_id","first_seq")
);
--> statement-breakpoint
ALTER TABLE "watch_sessions" ADD COLUMN "last_seq" integer;--> statement-breakpoint
ALTER TABLE "watch_event_batches" ADD CONSTRAINT "watch_event_batches_session_id_watch_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."watch_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Events stored so far become one batch each: a batch a previous run left in the event journal, replayed
-- on the next start, then meets its first seq here and is skipped whole, as before.
INSERT INTO "watch_event_batches" ("session_id", "first_seq", "last_seq", "events")
SELECT "session_id", "seq", "seq",
       jsonb_build_array(jsonb_build_object(
         'seq', "seq", 'type', "type", 'at', round(extract(epoch FROM "at") * 1000)::bigint, 'position', "position")
         || CASE WHEN "data" IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('data', "data") END)
  FROM "watch_events";--> statement-breakpoint
UPDATE "watch_sessions" s SET "last_seq" = (SELECT max(e."seq") FROM "watch_events" e WHERE e."session_id" = s."id");
