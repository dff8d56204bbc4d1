CREATE TABLE "event_screen_keys" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_screen_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_because" text
);
--> statement-breakpoint
ALTER TABLE "event_screen_keys" ADD CONSTRAINT "event_screen_keys_link_id_event_screen_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."event_screen_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_screen_links" ADD CONSTRAINT "event_screen_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_screen_links" ADD CONSTRAINT "event_screen_links_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_screen_keys_link_idx" ON "event_screen_keys" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_screen_links_one_working" ON "event_screen_links" USING btree ("event_id") WHERE "event_screen_links"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "event_screen_links_working_code" ON "event_screen_links" USING btree ("code_hash") WHERE "event_screen_links"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "event_screen_links_event_idx" ON "event_screen_links" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE FUNCTION event_screen_links_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE event_screen_links SET ended_at = now(), ended_because = 'ended'
   WHERE event_id = NEW.id AND ended_at IS NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER event_screen_links_end AFTER UPDATE OF ended_at ON events
  FOR EACH ROW WHEN (NEW.ended_at IS NOT NULL AND OLD.ended_at IS DISTINCT FROM NEW.ended_at)
  EXECUTE FUNCTION event_screen_links_end();
