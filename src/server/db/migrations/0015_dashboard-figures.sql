CREATE TABLE "newsletter_daily_counts" (
	"day" date NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "newsletter_daily_counts_day_language_kind_pk" PRIMARY KEY("day","language","kind")
);
--> statement-breakpoint
CREATE TABLE "event_met_counts" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"met_someone_new" integer NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_met_counts" ADD CONSTRAINT "event_met_counts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counters follow every change of a confirmed subscription, in the change's own transaction,
-- whichever path made it (the confirmation link, a member's toggle, any unsubscribe link, an
-- admin's removal, an account's deletion): decision 0038. Days are Budapest's.
CREATE FUNCTION newsletter_count(text, text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO newsletter_daily_counts AS counts (day, kind, language, count)
  VALUES ((now() AT TIME ZONE 'Europe/Budapest')::date, $1, $2, 1)
  ON CONFLICT (day, language, kind) DO UPDATE SET count = counts.count + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION newsletter_subscribers_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A copy of a whole database (npm run db:move, db:restore) brings the counters with it.
  IF current_setting('lendulet.transfer', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.verified THEN PERFORM newsletter_count('confirmed', NEW.language); END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.verified THEN PERFORM newsletter_count('unsubscribed', OLD.language); END IF;
  ELSIF NEW.verified AND NOT OLD.verified THEN
    PERFORM newsletter_count('confirmed', NEW.language);
  ELSIF OLD.verified AND NOT NEW.verified THEN
    PERFORM newsletter_count('unsubscribed', OLD.language);
  ELSIF NEW.verified AND NEW.language <> OLD.language THEN
    PERFORM newsletter_count('language_out', OLD.language);
    PERFORM newsletter_count('language_in', NEW.language);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER newsletter_subscribers_count AFTER INSERT OR UPDATE OR DELETE ON newsletter_subscribers
  FOR EACH ROW EXECUTE FUNCTION newsletter_subscribers_count();
--> statement-breakpoint
-- Today's confirmed subscribers, on the days they confirmed. Those who left before this migration
-- left no trace, so the history before it counts only the ones still here.
INSERT INTO newsletter_daily_counts (day, language, kind, count)
SELECT (coalesce(confirmed_at, created_at) AT TIME ZONE 'Europe/Budapest')::date, language, 'confirmed', count(*)
  FROM newsletter_subscribers
 WHERE verified
 GROUP BY 1, 2;
--> statement-breakpoint
-- "Met someone new" at an evening depends on its seats and on every earlier evening's: a change
-- to either forgets the kept figures from that evening on (all of them when the evening is not
-- known any more, as in a cascade), and the dashboard counts them again (decision 0038). The
-- lock orders a change after a count that is being written, so no count outlives its seats.
CREATE FUNCTION event_met_counts_forget(since timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('lendulet.transfer', true) = 'on' THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('lendulet:event-met-counts'));
  DELETE FROM event_met_counts m USING events e
   WHERE m.event_id = e.id AND (since IS NULL OR e.start_time >= since);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION event_met_counts_seats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  since timestamptz;
BEGIN
  SELECT min(e.start_time) INTO since
    FROM event_rounds r JOIN events e ON e.id = r.event_id
   WHERE r.id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.round_id END,
                  CASE WHEN TG_OP <> 'DELETE' THEN NEW.round_id END);
  PERFORM event_met_counts_forget(since);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER event_met_counts_seats AFTER INSERT OR UPDATE OR DELETE ON event_table_assignments
  FOR EACH ROW EXECUTE FUNCTION event_met_counts_seats();
--> statement-breakpoint
CREATE FUNCTION event_met_counts_rounds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM event_met_counts_forget((SELECT start_time FROM events WHERE id = NEW.event_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER event_met_counts_rounds AFTER UPDATE OF started ON event_rounds
  FOR EACH ROW WHEN (OLD.started IS DISTINCT FROM NEW.started)
  EXECUTE FUNCTION event_met_counts_rounds();
--> statement-breakpoint
CREATE FUNCTION event_met_counts_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM event_met_counts_forget(least(OLD.start_time, NEW.start_time));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER event_met_counts_events AFTER UPDATE OF start_time ON events
  FOR EACH ROW WHEN (OLD.start_time IS DISTINCT FROM NEW.start_time)
  EXECUTE FUNCTION event_met_counts_events();
