CREATE TABLE "klikk_blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "klikk_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "klikk_blocks_not_herself" CHECK ("klikk_blocks"."blocker_id" <> "klikk_blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "klikk_picks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"picker_id" text NOT NULL,
	"picked_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "klikk_picks_once" UNIQUE("event_id","picker_id","picked_id"),
	CONSTRAINT "klikk_picks_not_herself" CHECK ("klikk_picks"."picker_id" <> "klikk_picks"."picked_id")
);
--> statement-breakpoint
CREATE TABLE "klikk_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"share" text,
	"phone" text,
	"instagram" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "klikk_windows_closed" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "klikk_window_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "klikk_blocks" ADD CONSTRAINT "klikk_blocks_blocker_id_user_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klikk_blocks" ADD CONSTRAINT "klikk_blocks_blocked_id_user_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klikk_picks" ADD CONSTRAINT "klikk_picks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klikk_picks" ADD CONSTRAINT "klikk_picks_picker_id_user_id_fk" FOREIGN KEY ("picker_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klikk_picks" ADD CONSTRAINT "klikk_picks_picked_id_user_id_fk" FOREIGN KEY ("picked_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klikk_settings" ADD CONSTRAINT "klikk_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klikk_windows_closed" ADD CONSTRAINT "klikk_windows_closed_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "klikk_blocks_blocked_idx" ON "klikk_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "klikk_picks_picker_idx" ON "klikk_picks" USING btree ("picker_id");--> statement-breakpoint
CREATE INDEX "klikk_picks_picked_idx" ON "klikk_picks" USING btree ("picked_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_klikk_window_hours" CHECK ("events"."klikk_window_hours" between 24 and 168);