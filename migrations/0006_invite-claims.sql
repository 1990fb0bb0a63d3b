ALTER TABLE "seats" ADD COLUMN "claim_key_hash" text;--> statement-breakpoint
UPDATE "seats" SET "claim_key_hash" = 'legacy';
