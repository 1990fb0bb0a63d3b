ALTER TABLE "entries" ADD COLUMN "command_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "entries_match_seat_command_id_idx" ON "entries" USING btree ("match_id","seat","command_id");