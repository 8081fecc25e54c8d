ALTER TABLE "tracking_links" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD COLUMN "token_enc" text;--> statement-breakpoint
-- Links made so far are found by their token's hash from now on; the server seals their plain tokens into
-- "token_enc" and clears "token" when it starts (SecretBox needs MASTER_KEY, which SQL does not have).
UPDATE "tracking_links" SET "token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "tracking_links" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_token_hash_unique" UNIQUE("token_hash");--> statement-breakpoint
ALTER TABLE "tracking_links" DROP CONSTRAINT "tracking_links_token_unique";--> statement-breakpoint
ALTER TABLE "tracking_links" ALTER COLUMN "token" DROP NOT NULL;
