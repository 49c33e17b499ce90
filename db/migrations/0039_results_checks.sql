-- Requests for a results check (issue 36 item 3, decision 0056): the protest window before a
-- race's results are official. A racer files one from their entry link while the window is open
-- (it runs a club setting's minutes after the race day's last results save: races.results_updated_at);
-- an admin decides it with a reason. The race page shows the outcome with the racer's name only:
-- the racer's own words (problem, asked) stay in the admin area.
CREATE TABLE results_check_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  race_id integer NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  competitor_id integer NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  boat_class text NOT NULL CHECK (length(boat_class) BETWEEN 1 AND 40),
  heat_number integer NOT NULL CHECK (heat_number BETWEEN 1 AND 99),
  -- Emptied by an erasure (decision 0053): the outcome stays, the racer's words go.
  problem text NOT NULL CHECK (length(problem) <= 1000),
  asked text NOT NULL CHECK (length(asked) <= 500),
  filed_at timestamptz NOT NULL DEFAULT now(),
  outcome text CHECK (outcome IN ('accepted', 'refused')),
  reason text CHECK (length(reason) BETWEEN 1 AND 500),
  -- The change log entry an accepted request made (race_result_changes, written while it was undecided).
  change_id bigint REFERENCES race_result_changes (id) ON DELETE SET NULL,
  -- No foreign key, like the audit log's admin_id: removing an admin must not rewrite who decided.
  decided_by integer,
  decided_at timestamptz,
  CONSTRAINT results_check_requests_decided_check CHECK (
    (outcome IS NULL) = (decided_at IS NULL) AND (outcome IS NULL) = (reason IS NULL)
  )
);
CREATE INDEX results_check_requests_race_idx ON results_check_requests (race_id, filed_at);
CREATE INDEX results_check_requests_competitor_idx ON results_check_requests (competitor_id);

-- A results save while a request waits is logged too, before the results are official, so an
-- accepted request can name the change it made; the race page's "Changes after the results
-- became official" lists only the others.
ALTER TABLE race_result_changes ADD COLUMN provisional boolean NOT NULL DEFAULT false;
