CREATE TABLE "event_late_cancellations" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"cancelled_at" timestamp with time zone NOT NULL,
	"waived_at" timestamp with time zone,
	CONSTRAINT "event_late_cancellations_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_place_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_deadline_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_late_cancellations" ADD CONSTRAINT "event_late_cancellations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_late_cancellations" ADD CONSTRAINT "event_late_cancellations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_place_offers" ADD CONSTRAINT "event_place_offers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_place_offers" ADD CONSTRAINT "event_place_offers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_place_offers_event_idx" ON "event_place_offers" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "event_place_offers_user_idx" ON "event_place_offers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_place_offers_one_open" ON "event_place_offers" USING btree ("event_id","user_id") WHERE "event_place_offers"."status" = 'open';--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cancel_deadline_hours" CHECK ("events"."cancel_deadline_hours" between 0 and 336);