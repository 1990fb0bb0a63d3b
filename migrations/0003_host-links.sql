ALTER TABLE "matches" ADD COLUMN "host_token_hash" text;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "token_generation" integer DEFAULT 0 NOT NULL;