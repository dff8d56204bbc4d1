CREATE TABLE "event_keep_apart" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_a" text NOT NULL,
	"user_b" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_keep_apart_pair_unique" UNIQUE("event_id","user_a","user_b"),
	CONSTRAINT "event_keep_apart_ordered" CHECK ("event_keep_apart"."user_a" < "event_keep_apart"."user_b")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "people_met_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "event_keep_apart" ADD CONSTRAINT "event_keep_apart_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_keep_apart" ADD CONSTRAINT "event_keep_apart_a_participant_fk" FOREIGN KEY ("event_id","user_a") REFERENCES "public"."event_participants"("event_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_keep_apart" ADD CONSTRAINT "event_keep_apart_b_participant_fk" FOREIGN KEY ("event_id","user_b") REFERENCES "public"."event_participants"("event_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at","id");