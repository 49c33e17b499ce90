-- Who raced whom: one row per race, class and racer with how many results (heats) they have
-- there, kept like result_totals (migration 0016) by statement triggers in the same transaction
-- as every change to race_results, so it can never disagree with them (decision 0023). The head-
-- to-head picker's "Raced against" reads a veteran's fields here: 3,340 rows at 20 seasons where
-- race_results holds 16,700, one per heat.
CREATE TABLE race_entrants (
  race_id integer NOT NULL,
  boat_class text NOT NULL,
  competitor_id integer NOT NULL,
  results integer NOT NULL,
  PRIMARY KEY (race_id, boat_class, competitor_id)
);
CREATE INDEX race_entrants_competitor_idx ON race_entrants (competitor_id);

CREATE FUNCTION race_entrants_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM race_entrants;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO race_entrants AS e (race_id, boat_class, competitor_id, results)
    SELECT race_id, boat_class, competitor_id, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (race_id, boat_class, competitor_id) DO UPDATE SET results = e.results + excluded.results;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO race_entrants AS e (race_id, boat_class, competitor_id, results)
    SELECT race_id, boat_class, competitor_id, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (race_id, boat_class, competitor_id) DO UPDATE SET results = e.results + excluded.results;
  END IF;
  DELETE FROM race_entrants WHERE results = 0;
  RETURN NULL;
END $$;

CREATE TRIGGER race_entrants_insert AFTER INSERT ON race_results
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION race_entrants_apply();
CREATE TRIGGER race_entrants_update AFTER UPDATE ON race_results
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION race_entrants_apply();
CREATE TRIGGER race_entrants_delete AFTER DELETE ON race_results
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION race_entrants_apply();
CREATE TRIGGER race_entrants_truncate AFTER TRUNCATE ON race_results
  FOR EACH STATEMENT EXECUTE FUNCTION race_entrants_apply();

INSERT INTO race_entrants (race_id, boat_class, competitor_id, results)
SELECT race_id, boat_class, competitor_id, count(*) FROM race_results GROUP BY 1, 2, 3;
