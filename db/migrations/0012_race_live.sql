-- Live results on the race page (issue 13): every instance holds Server-Sent Events connections
-- per race and needs to know which race changed, whichever instance (or shell command) wrote it.
-- A row trigger sends NOTIFY race_changed with the race id; PostgreSQL delivers identical
-- notifications of one transaction once, so a heat of 15 results is one notification.

-- When a heat's results were last saved: the race page's "Last updated hh:mm".
ALTER TABLE races ADD COLUMN results_updated_at timestamptz;

CREATE FUNCTION race_live_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  -- races carries its own id; the other tables carry race_id.
  PERFORM pg_notify('race_changed', COALESCE(changed ->> 'race_id', changed ->> 'id'));
  RETURN NULL;
END
$$;

CREATE TRIGGER race_live_changed AFTER INSERT OR UPDATE OR DELETE ON races
  FOR EACH ROW EXECUTE FUNCTION race_live_changed();
CREATE TRIGGER race_live_changed AFTER INSERT OR UPDATE OR DELETE ON race_results
  FOR EACH ROW EXECUTE FUNCTION race_live_changed();
CREATE TRIGGER race_live_changed AFTER INSERT OR UPDATE OR DELETE ON race_result_changes
  FOR EACH ROW EXECUTE FUNCTION race_live_changed();
CREATE TRIGGER race_live_changed AFTER INSERT OR UPDATE OR DELETE ON heats
  FOR EACH ROW EXECUTE FUNCTION race_live_changed();
CREATE TRIGGER race_live_changed AFTER INSERT OR UPDATE OR DELETE ON heat_entries
  FOR EACH ROW EXECUTE FUNCTION race_live_changed();
