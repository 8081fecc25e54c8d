ALTER TABLE "videos" ADD COLUMN "encrypted_at" timestamp with time zone;--> statement-breakpoint
-- Films encrypted before this column: their last change is the latest their encryption can have completed.
UPDATE "videos" SET "encrypted_at" = "updated_at" WHERE "encrypted";
