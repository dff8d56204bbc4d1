ALTER TABLE "newsletter_campaigns" ADD COLUMN "audience" jsonb DEFAULT '{"languages":null,"membership":"all","attendance":"all","months":6,"seriesId":null}'::jsonb NOT NULL;--> statement-breakpoint
-- A campaign written before audiences keeps the languages it was for (decision 0093).
UPDATE "newsletter_campaigns" SET "audience" = jsonb_set("audience", '{languages}', "audience_languages") WHERE "audience_languages" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" DROP COLUMN "audience_languages";
