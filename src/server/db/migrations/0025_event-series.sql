CREATE TABLE "event_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"place_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"duration" integer NOT NULL,
	"is_klikk" boolean DEFAULT true NOT NULL,
	"has_recording_available" boolean DEFAULT false NOT NULL,
	"planned_rounds" integer DEFAULT 4 NOT NULL,
	"places" integer,
	"auto_seat_late_arrivals" boolean DEFAULT true NOT NULL,
	"klikk_window_hours" integer DEFAULT 48 NOT NULL,
	"tables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rule" jsonb NOT NULL,
	"registration_opens_days" integer DEFAULT 21 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_series_duration_positive" CHECK ("event_series"."duration" > 0),
	CONSTRAINT "event_series_opens_days" CHECK ("event_series"."registration_opens_days" between 1 and 90)
);
--> statement-breakpoint
CREATE TABLE "series_followers" (
	"series_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_followers_series_id_user_id_pk" PRIMARY KEY("series_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_slot" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "followers_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "series_followers" ADD CONSTRAINT "series_followers_series_id_event_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."event_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_followers" ADD CONSTRAINT "series_followers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_followers_user_idx" ON "series_followers" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_event_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."event_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_registration_opens_idx" ON "events" USING btree ("registration_opens_at") WHERE "events"."followers_told_at" is null and "events"."series_id" is not null;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_slot_unique" UNIQUE("series_id","series_slot");