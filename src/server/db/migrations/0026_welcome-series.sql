CREATE TABLE "newsletter_welcome_deliveries" (
	"address_hash" text NOT NULL,
	"email_id" uuid NOT NULL,
	"language" text NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "newsletter_welcome_deliveries_address_hash_email_id_pk" PRIMARY KEY("address_hash","email_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_welcome_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"delay_days" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "newsletter_welcome_emails_position_unique" UNIQUE("position"),
	CONSTRAINT "newsletter_welcome_emails_position" CHECK ("newsletter_welcome_emails"."position" between 1 and 3),
	CONSTRAINT "newsletter_welcome_emails_delay" CHECK ("newsletter_welcome_emails"."delay_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "newsletter_welcome_recipients" (
	"subscriber_id" uuid PRIMARY KEY NOT NULL,
	"address_hash" text NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_welcome_series" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"earlier_included_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_welcome_series_one" CHECK ("newsletter_welcome_series"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "newsletter_welcome_emails" ADD CONSTRAINT "newsletter_welcome_emails_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_welcome_recipients" ADD CONSTRAINT "newsletter_welcome_recipients_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_welcome_deliveries_email_idx" ON "newsletter_welcome_deliveries" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "newsletter_welcome_recipients_address_idx" ON "newsletter_welcome_recipients" USING btree ("address_hash");