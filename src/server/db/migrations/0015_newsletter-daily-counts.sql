CREATE TABLE "newsletter_daily_counts" (
	"day" date NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "newsletter_daily_counts_day_language_kind_pk" PRIMARY KEY("day","language","kind")
);
--> statement-breakpoint
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
