-- The duty roster (issue 36 item 2, decision 0058): who works at a race. A race's duties are
-- copied from the club's default list (club_settings 'race_day.duties') the first time its roster
-- is needed (race_rosters marks that moment, so a race whose duties an admin removed stays so),
-- and edited per race by an admin.
CREATE TABLE race_rosters (
  race_id integer PRIMARY KEY REFERENCES races (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE race_duties (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  race_id integer NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  places integer NOT NULL CHECK (places BETWEEN 1 AND 20),
  position integer NOT NULL DEFAULT 0,
  CONSTRAINT race_duties_race_id_name_key UNIQUE (race_id, name)
);

-- One row per person on a duty. A racer holds at most one duty per race, so "the asker is still
-- on that duty" is one row. Filling a place locks the duty's row first and counts: two volunteers
-- for the last place wait for each other, and the second is told it was taken.
-- The reminders 7 days and 1 day before are marked here, in the transaction that queues them: sent once per place.
CREATE TABLE duty_places (
  duty_id bigint NOT NULL REFERENCES race_duties (id) ON DELETE CASCADE,
  race_id integer NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  competitor_id integer NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  taken_at timestamptz NOT NULL DEFAULT now(),
  taken_via text NOT NULL CHECK (taken_via IN ('link', 'admin', 'swap')),
  week_reminder_at timestamptz,
  day_reminder_at timestamptz,
  PRIMARY KEY (duty_id, competitor_id),
  CONSTRAINT duty_places_race_id_competitor_id_key UNIQUE (race_id, competitor_id)
);
CREATE INDEX duty_places_competitor_idx ON duty_places (competitor_id);

-- A request to take over someone's duty, e-mailed to the member asked (competitor_id) with accept
-- and decline links: the token's SHA-256 only; single use (answer), expiring at the end of race day.
CREATE TABLE duty_swaps (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  duty_id bigint NOT NULL REFERENCES race_duties (id) ON DELETE CASCADE,
  race_id integer NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  asker_id integer NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  competitor_id integer NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  answer text CHECK (answer IN ('accepted', 'declined', 'replaced')),
  answered_at timestamptz,
  CONSTRAINT duty_swaps_answered_check CHECK ((answer IS NULL) = (answered_at IS NULL))
);
CREATE UNIQUE INDEX duty_swaps_token_key ON duty_swaps (token_hash);
CREATE INDEX duty_swaps_competitor_idx ON duty_swaps (competitor_id);
CREATE INDEX duty_swaps_asker_idx ON duty_swaps (asker_id);
