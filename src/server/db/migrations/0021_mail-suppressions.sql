CREATE TABLE "mail_soft_bounces" (
	"email" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_soft_bounces_email_lower" CHECK ("mail_soft_bounces"."email" = lower("mail_soft_bounces"."email"))
);
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_suppressions_email_lower" CHECK ("mail_suppressions"."email" = lower("mail_suppressions"."email"))
);
--> statement-breakpoint
CREATE TABLE "mail_webhook_receipts" (
	"source" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_webhook_receipts_source_event_id_pk" PRIMARY KEY("source","event_id")
);
