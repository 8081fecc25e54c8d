DROP TABLE "watch_events" CASCADE;--> statement-breakpoint
-- The events one per row, for readers (session replay, a session's stored seqs): unrolled from batches.
CREATE VIEW "watch_events" AS
SELECT b."session_id",
       (e->>'seq')::int AS "seq",
       e->>'type' AS "type",
       'epoch'::timestamptz + (e->>'at')::bigint * interval '1 millisecond' AS "at",
       (e->>'position')::real AS "position",
       e->'data' AS "data"
  FROM "watch_event_batches" b, jsonb_array_elements(b."events") AS e;
