-- Entry windows and "manage my entry" links (issue 14, items 3 and 4; decision 0020).

-- Optional: no opening time = open as soon as the race is on the calendar; no closing time = open
-- until race day, as before.
ALTER TABLE races
  ADD COLUMN entries_open_at timestamptz,
  ADD COLUMN entries_close_at timestamptz,
  ADD CONSTRAINT races_entry_window_check CHECK (entries_close_at > entries_open_at);

-- The private link in a race-entry e-mail. Only the SHA-256 of its random token is stored. It
-- works until the race's entries close; used once the racer has withdrawn from every class.
CREATE TABLE race_entry_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL,
  race_id integer NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  competitor_id integer NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE UNIQUE INDEX race_entry_links_token_key ON race_entry_links (token_hash);
CREATE INDEX race_entry_links_race_idx ON race_entry_links (race_id, competitor_id);
