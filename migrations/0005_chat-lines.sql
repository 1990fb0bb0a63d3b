CREATE TABLE "chat_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"match_id" text NOT NULL,
	"audience" text NOT NULL,
	"team" text,
	"seat" text,
	"name" text,
	"text" text NOT NULL,
	"log_seq" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_lines_audience_check" CHECK ("chat_lines"."audience" in ('players', 'team', 'spectators')),
	CONSTRAINT "chat_lines_team_check" CHECK (("chat_lines"."audience" = 'team') = ("chat_lines"."team" is not null))
);
--> statement-breakpoint
ALTER TABLE "chat_lines" ADD CONSTRAINT "chat_lines_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_lines_match_id_idx" ON "chat_lines" USING btree ("match_id","id");