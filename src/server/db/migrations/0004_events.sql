CREATE TABLE "event_participants" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_in_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	CONSTRAINT "event_participants_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"round_number" integer NOT NULL,
	"started" boolean DEFAULT false NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_rounds_number_unique" UNIQUE("event_id","round_number"),
	CONSTRAINT "event_rounds_duration" CHECK ("event_rounds"."duration_minutes" between 1 and 600)
);
--> statement-breakpoint
CREATE TABLE "event_table_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_table_assignments_seat_unique" UNIQUE("round_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"capacity_full" integer NOT NULL,
	"capacity_actual" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_tables_name_unique" UNIQUE("event_id","table_name"),
	CONSTRAINT "event_tables_capacity" CHECK ("event_tables"."capacity_actual" >= 1 and "event_tables"."capacity_actual" <= "event_tables"."capacity_full")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"image_id" text,
	"start_time" timestamp with time zone NOT NULL,
	"place_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"duration" integer NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"is_klikk" boolean DEFAULT true NOT NULL,
	"has_recording_available" boolean DEFAULT false NOT NULL,
	"planned_rounds" integer DEFAULT 4 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_duration_positive" CHECK ("events"."duration" > 0),
	CONSTRAINT "events_planned_rounds_positive" CHECK ("events"."planned_rounds" between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rounds" ADD CONSTRAINT "event_rounds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_table_assignments" ADD CONSTRAINT "event_table_assignments_round_id_event_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."event_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_table_assignments" ADD CONSTRAINT "event_table_assignments_table_id_event_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."event_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_table_assignments" ADD CONSTRAINT "event_table_assignments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tables" ADD CONSTRAINT "event_tables_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_participants_user_idx" ON "event_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_table_assignments_table_idx" ON "event_table_assignments" USING btree ("table_id");--> statement-breakpoint
CREATE INDEX "event_table_assignments_user_idx" ON "event_table_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_tables_event_idx" ON "event_tables" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "events_one_active" ON "events" USING btree ("status") WHERE "events"."status" = 'active';