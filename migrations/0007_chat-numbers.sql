ALTER TABLE "chat_lines" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "chat_lines" SET "number" = "numbered"."number" FROM (SELECT "id", row_number() OVER (PARTITION BY "match_id", "audience", "team" ORDER BY "id") AS "number" FROM "chat_lines") AS "numbered" WHERE "chat_lines"."id" = "numbered"."id";--> statement-breakpoint
ALTER TABLE "chat_lines" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_lines" ADD CONSTRAINT "chat_lines_audience_number_key" UNIQUE NULLS NOT DISTINCT("match_id","audience","team","number");--> statement-breakpoint
ALTER TABLE "chat_lines" ADD CONSTRAINT "chat_lines_number_positive" CHECK ("chat_lines"."number" > 0);
