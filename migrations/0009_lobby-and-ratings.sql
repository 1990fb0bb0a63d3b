CREATE TABLE "blocks" (
	"blocker" text NOT NULL,
	"blocked" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_blocked_pk" PRIMARY KEY("blocker","blocked")
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"from_account" text NOT NULL,
	"to_account" text NOT NULL,
	"settings" jsonb NOT NULL,
	"rematch_of" text,
	"status" text NOT NULL,
	"match_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_changes" (
	"match_id" text NOT NULL,
	"account_id" text NOT NULL,
	"ruleset" text NOT NULL,
	"format" text NOT NULL,
	"before" double precision NOT NULL,
	"after" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_changes_match_id_account_id_pk" PRIMARY KEY("match_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"account_id" text NOT NULL,
	"ruleset" text NOT NULL,
	"format" text NOT NULL,
	"rating" double precision NOT NULL,
	"deviation" double precision NOT NULL,
	"volatility" double precision NOT NULL,
	"games" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_account_id_ruleset_format_pk" PRIMARY KEY("account_id","ruleset","format")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reporter" text NOT NULL,
	"match_id" text NOT NULL,
	"chat_number" integer,
	"chat_audience" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seeks" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"ruleset" text NOT NULL,
	"format" text NOT NULL,
	"rating" integer NOT NULL,
	"min_rating" integer NOT NULL,
	"max_rating" integer NOT NULL,
	"rated" boolean NOT NULL,
	"match_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_accounts_id_fk" FOREIGN KEY ("blocker") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_accounts_id_fk" FOREIGN KEY ("blocked") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_from_account_accounts_id_fk" FOREIGN KEY ("from_account") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_to_account_accounts_id_fk" FOREIGN KEY ("to_account") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_accounts_id_fk" FOREIGN KEY ("reporter") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeks" ADD CONSTRAINT "seeks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked");--> statement-breakpoint
CREATE INDEX "challenges_to_idx" ON "challenges" USING btree ("to_account","status");--> statement-breakpoint
CREATE INDEX "challenges_from_idx" ON "challenges" USING btree ("from_account","status");--> statement-breakpoint
CREATE INDEX "rating_changes_account_idx" ON "rating_changes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ratings_board_idx" ON "ratings" USING btree ("ruleset","format","rating");--> statement-breakpoint
CREATE INDEX "seeks_pool_idx" ON "seeks" USING btree ("ruleset","format","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seeks_account_pool_idx" ON "seeks" USING btree ("account_id","ruleset","format");