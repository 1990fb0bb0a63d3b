ALTER TABLE "matches" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "token_secret" text;--> statement-breakpoint
CREATE UNIQUE INDEX "matches_idempotency_key_idx" ON "matches" USING btree ("idempotency_key");