-- Retention by inactivity (issue 35 item 5): a racer with no entry or result for the club's
-- number of years gets one e-mail with a single-use "keep my details" link; unless kept within
-- 30 days (app/lib/privacy/retention.ts), their contact details are removed and their results
-- stay under their name. One row per notice: keeping resets the racer's clock (kept_at), so after
-- the same number of years without racing a new notice may follow. Only the SHA-256 of the token.
CREATE TABLE inactivity_notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  competitor_id integer NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  remove_after timestamptz NOT NULL,
  kept_at timestamptz,
  removed_at timestamptz,
  CONSTRAINT inactivity_notices_answer_check CHECK (kept_at IS NULL OR removed_at IS NULL)
);
CREATE UNIQUE INDEX inactivity_notices_token_key ON inactivity_notices (token_hash);
CREATE INDEX inactivity_notices_competitor_idx ON inactivity_notices (competitor_id);
CREATE INDEX inactivity_notices_waiting_idx ON inactivity_notices (remove_after) WHERE kept_at IS NULL AND removed_at IS NULL;

-- The audit log's second redaction path, for contact details removed by inactivity alone: the
-- racer's e-mail addresses and telephones (the needles) become "[erased]" wherever an entry holds
-- them; names and every other value stay. Only for a racer whose notice has just been acted on.
CREATE FUNCTION remove_contact_from_audit_log(competitor integer, needles text[]) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE
  changed integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM inactivity_notices WHERE competitor_id = competitor AND removed_at IS NOT NULL) THEN
    RAISE EXCEPTION 'competitor % has no removal by inactivity', competitor USING ERRCODE = 'insufficient_privilege';
  END IF;
  PERFORM set_config('audit_log.erasing', 'on', true);
  UPDATE audit_log SET changes = erasure_redact(changes, needles)
  WHERE erasure_matches(changes::text, needles) AND changes IS DISTINCT FROM erasure_redact(changes, needles);
  GET DIAGNOSTICS changed = ROW_COUNT;
  PERFORM set_config('audit_log.erasing', 'off', true);
  RETURN changed;
END $$;
