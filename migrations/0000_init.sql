CREATE TABLE "entries" (
	"match_id" text NOT NULL,
	"seq" integer NOT NULL,
	"seat" text NOT NULL,
	"command" jsonb NOT NULL,
	"events" jsonb NOT NULL,
	"state_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entries_match_id_seq_pk" PRIMARY KEY("match_id","seq"),
	CONSTRAINT "entries_seq_positive" CHECK ("entries"."seq" > 0)
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" text PRIMARY KEY NOT NULL,
	"ruleset" text NOT NULL,
	"rules_version" text NOT NULL,
	"scenario" text NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"setup" jsonb NOT NULL,
	"seed" text NOT NULL,
	"seed_commitment" text NOT NULL,
	"options" jsonb NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_order" bigint GENERATED ALWAYS AS IDENTITY (sequence name "matches_created_order_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"finished_at" timestamp with time zone,
	CONSTRAINT "matches_status_check" CHECK ("matches"."status" in ('live', 'finished', 'abandoned'))
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"match_id" text NOT NULL,
	"seat" text NOT NULL,
	"position" integer NOT NULL,
	"player_name" text NOT NULL,
	"player_name_folded" text NOT NULL,
	"token_hash" text NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "seats_match_id_seat_pk" PRIMARY KEY("match_id","seat")
);
--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matches_created_at_idx" ON "matches" USING btree ("created_at","created_order");--> statement-breakpoint
CREATE INDEX "matches_status_created_at_idx" ON "matches" USING btree ("status","created_at","created_order");--> statement-breakpoint
CREATE INDEX "matches_ruleset_created_at_idx" ON "matches" USING btree ("ruleset","created_at","created_order");--> statement-breakpoint
CREATE UNIQUE INDEX "seats_match_token_hash_idx" ON "seats" USING btree ("match_id","token_hash");