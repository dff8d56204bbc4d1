-- The audit log is append-only (decision 0037): no statement may change an entry, and only the
-- retention job, which says so for its own transaction, may delete one.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'audit log entries cannot be changed';
  END IF;
  IF current_setting('lendulet.audit_retention', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION 'audit log entries are removed only by the retention job';
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
