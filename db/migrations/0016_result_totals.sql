-- SPEC's standings add up every result of every race. At 20 seasons (100,000 results) that sum
-- took 35 ms a request; this table keeps it per racer, class and finishing position, maintained
-- by statement triggers in the same transaction as every change to race_results, so it can never
-- disagree with them (decision 0023). Points come from the points table at read time: the table
-- holds the stored points and how many finishes have none (which score by position).
CREATE TABLE result_totals (
  competitor_id integer NOT NULL,
  boat_class text NOT NULL,
  position integer NOT NULL,
  finishes integer NOT NULL,
  stored_points bigint NOT NULL,
  unscored integer NOT NULL,
  PRIMARY KEY (competitor_id, boat_class, position)
);

CREATE FUNCTION result_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM result_totals;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO result_totals AS t (competitor_id, boat_class, position, finishes, stored_points, unscored)
    SELECT competitor_id, boat_class, position, -count(*), -coalesce(sum(points), 0), -count(*) FILTER (WHERE points IS NULL)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (competitor_id, boat_class, position) DO UPDATE
      SET finishes = t.finishes + excluded.finishes,
          stored_points = t.stored_points + excluded.stored_points,
          unscored = t.unscored + excluded.unscored;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO result_totals AS t (competitor_id, boat_class, position, finishes, stored_points, unscored)
    SELECT competitor_id, boat_class, position, count(*), coalesce(sum(points), 0), count(*) FILTER (WHERE points IS NULL)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (competitor_id, boat_class, position) DO UPDATE
      SET finishes = t.finishes + excluded.finishes,
          stored_points = t.stored_points + excluded.stored_points,
          unscored = t.unscored + excluded.unscored;
  END IF;
  DELETE FROM result_totals WHERE finishes = 0;
  RETURN NULL;
END $$;

CREATE TRIGGER result_totals_insert AFTER INSERT ON race_results
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION result_totals_apply();
CREATE TRIGGER result_totals_update AFTER UPDATE ON race_results
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION result_totals_apply();
CREATE TRIGGER result_totals_delete AFTER DELETE ON race_results
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION result_totals_apply();
CREATE TRIGGER result_totals_truncate AFTER TRUNCATE ON race_results
  FOR EACH STATEMENT EXECUTE FUNCTION result_totals_apply();

INSERT INTO result_totals (competitor_id, boat_class, position, finishes, stored_points, unscored)
SELECT competitor_id, boat_class, position, count(*), coalesce(sum(points), 0), count(*) FILTER (WHERE points IS NULL)
FROM race_results GROUP BY 1, 2, 3;
