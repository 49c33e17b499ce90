-- Check-in at the lake (issue 36 item 1, decision 0055).
--
-- One row per racer and race, made on the first check-in and kept: who checked the boat in and how
-- (the racer's entry link, or an admin), and an undo. The boat is checked in while checked_in_at
-- is set and undone_at is not. `version` rises with every change, so a tap made on a phone that
-- saw an older version (offline, or before another admin's tap) is recognised as a conflict.
CREATE TABLE race_check_ins (
  race_id integer NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  competitor_id integer NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  checked_in_at timestamptz,
  checked_in_via text CHECK (checked_in_via IN ('link', 'admin')),
  -- The admin who checked it in (no foreign key: an admin removed later leaves the record true).
  checked_in_by integer,
  undone_at timestamptz,
  undone_by integer,
  version integer NOT NULL DEFAULT 0 CHECK (version >= 0),
  PRIMARY KEY (race_id, competitor_id)
);
CREATE INDEX race_check_ins_competitor_idx ON race_check_ins (competitor_id);

-- Every admin tap, by the key the phone gave it: a tap sent twice (a replay after the connection
-- came back, a double press, a retried request) is answered from here and applied once.
CREATE TABLE check_in_taps (
  key uuid PRIMARY KEY,
  race_id integer NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  outcome jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX check_in_taps_created_idx ON check_in_taps (created_at);

-- The race page's "12 of 15 boats checked in" follows the check-ins live, like the results.
CREATE TRIGGER race_live_changed AFTER INSERT OR UPDATE OR DELETE ON race_check_ins
  FOR EACH ROW EXECUTE FUNCTION race_live_changed();
