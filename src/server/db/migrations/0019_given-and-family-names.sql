ALTER TABLE "user" ADD COLUMN "given_name" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "family_name" text;