-- Erasure of a racer at their request (issue 35 item 3, decision 0053).
--
-- The ledger: which racer was erased and when, nothing else. No foreign key: a restore empties and
-- refills competitors while the ledger stays, and is re-applied to what the backup brought back.
CREATE TABLE erasures (
  competitor_id integer PRIMARY KEY,
  erased_at timestamptz NOT NULL DEFAULT now()
);

-- Whether a text holds one of the erased values (names, e-mail addresses, telephones) as a whole
-- word, whatever its case: "Ann Lee" is in "merged Ann Lee", not in "Joann Leeds".
CREATE FUNCTION erasure_matches(value text, needles text[]) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT value IS NOT NULL AND EXISTS (
    SELECT 1 FROM unnest(needles) AS n
    WHERE length(n) > 0
      AND value ~* ('(^|[^[:alnum:]])' || regexp_replace(n, '([!$()*+.:<=>?[\\\]^{|}/#&-])', '\\\1', 'g') || '($|[^[:alnum:]])')
  )
$$;

-- Every text inside a JSON value that holds an erased value becomes "[erased]"; the rest is kept.
CREATE FUNCTION erasure_redact(value jsonb, needles text[]) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  out jsonb;
  k text;
  v jsonb;
BEGIN
  CASE jsonb_typeof(value)
    WHEN 'string' THEN
      RETURN CASE WHEN erasure_matches(value #>> '{}', needles) THEN '"[erased]"'::jsonb ELSE value END;
    WHEN 'object' THEN
      out := '{}'::jsonb;
      FOR k, v IN SELECT * FROM jsonb_each(value) LOOP
        out := out || jsonb_build_object(k, erasure_redact(v, needles));
      END LOOP;
      RETURN out;
    WHEN 'array' THEN
      SELECT coalesce(jsonb_agg(erasure_redact(e, needles) ORDER BY i), '[]'::jsonb) INTO out
      FROM jsonb_array_elements(value) WITH ORDINALITY AS a(e, i);
      RETURN out;
    ELSE
      RETURN value;
  END CASE;
END $$;

-- An entry about the erased record itself: which fields changed stays, every value they held goes.
CREATE FUNCTION erasure_blank(changes jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_object_agg(key, CASE
      WHEN jsonb_typeof(value) = 'object' AND value ? 'before' AND value ? 'after' THEN jsonb_build_object(
        'before', CASE WHEN value -> 'before' = 'null'::jsonb THEN 'null'::jsonb ELSE '"[erased]"'::jsonb END,
        'after', CASE WHEN value -> 'after' = 'null'::jsonb THEN 'null'::jsonb ELSE '"[erased]"'::jsonb END)
      WHEN value = 'null'::jsonb THEN value
      ELSE '"[erased]"'::jsonb END), '{}'::jsonb)
  FROM jsonb_each(changes)
$$;

-- Whether `redacted` is `original` with some values replaced by "[erased]" and nothing else:
-- the same keys, the same array lengths, every other value equal.
CREATE FUNCTION erasure_is_redaction(original jsonb, redacted jsonb) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  k text;
  i integer;
BEGIN
  IF redacted = original OR redacted = '"[erased]"'::jsonb THEN
    RETURN true;
  END IF;
  IF jsonb_typeof(original) = 'object' AND jsonb_typeof(redacted) = 'object' THEN
    IF (SELECT array_agg(x ORDER BY x) FROM jsonb_object_keys(original) x)
       IS DISTINCT FROM (SELECT array_agg(x ORDER BY x) FROM jsonb_object_keys(redacted) x) THEN
      RETURN false;
    END IF;
    FOR k IN SELECT jsonb_object_keys(original) LOOP
      IF NOT erasure_is_redaction(original -> k, redacted -> k) THEN
        RETURN false;
      END IF;
    END LOOP;
    RETURN true;
  END IF;
  IF jsonb_typeof(original) = 'array' AND jsonb_typeof(redacted) = 'array'
     AND jsonb_array_length(original) = jsonb_array_length(redacted) THEN
    FOR i IN 0 .. jsonb_array_length(original) - 1 LOOP
      IF NOT erasure_is_redaction(original -> i, redacted -> i) THEN
        RETURN false;
      END IF;
    END LOOP;
    RETURN true;
  END IF;
  RETURN false;
END $$;

-- The audit log stays append-only (migration 0019), with one more narrow exception beside the
-- retention purge: inside erase_from_audit_log() an UPDATE may replace values of `changes` by
-- "[erased]", and change nothing else of the row.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('audit_log.purging', true) = 'on'
     AND OLD.at < now() - interval '2 years' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('audit_log.erasing', true) = 'on'
     AND (NEW.id, NEW.at, NEW.admin_id, NEW.admin_username, NEW.address, NEW.kind, NEW.record_type, NEW.record_id)
         IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.admin_id, OLD.admin_username, OLD.address, OLD.kind, OLD.record_type, OLD.record_id)
     AND erasure_is_redaction(OLD.changes, NEW.changes) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

-- The one redaction path, for an erasure alone: only a racer in the ledger, only values to
-- "[erased]". The competitor's own entries lose every value (their erasure entry keeps its counts);
-- any other entry loses the texts that hold one of the erased values. Returns how many entries
-- changed. SECURITY DEFINER: the site's role may only add to the audit log (decision 0043).
CREATE FUNCTION erase_from_audit_log(competitor integer, needles text[]) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE
  changed integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM erasures WHERE competitor_id = competitor) THEN
    RAISE EXCEPTION 'competitor % is not in the erasure ledger', competitor USING ERRCODE = 'insufficient_privilege';
  END IF;
  PERFORM set_config('audit_log.erasing', 'on', true);
  WITH redacted AS (
    SELECT id, CASE
        WHEN record_type = 'competitor' AND record_id = competitor::text AND kind <> 'competitor.erase'
          THEN erasure_blank(changes)
        ELSE erasure_redact(changes, needles)
      END AS changes
    FROM audit_log
    WHERE (record_type = 'competitor' AND record_id = competitor::text) OR erasure_matches(changes::text, needles)
  )
  UPDATE audit_log a SET changes = r.changes FROM redacted r WHERE a.id = r.id AND a.changes IS DISTINCT FROM r.changes;
  GET DIAGNOSTICS changed = ROW_COUNT;
  PERFORM set_config('audit_log.erasing', 'off', true);
  RETURN changed;
END $$;
