CREATE TABLE "event_after_mails" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_after_mails_event_id_user_id_kind_pk" PRIMARY KEY("event_id","user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "event_no_shows" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "event_no_shows_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "event_after_mails" ADD CONSTRAINT "event_after_mails_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_after_mails" ADD CONSTRAINT "event_after_mails_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_no_shows" ADD CONSTRAINT "event_no_shows_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_no_shows" ADD CONSTRAINT "event_no_shows_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_after_mails_user_idx" ON "event_after_mails" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_no_shows_user_idx" ON "event_no_shows" USING btree ("user_id");