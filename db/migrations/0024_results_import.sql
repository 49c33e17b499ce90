-- Results import (issue 25 item 1).
-- The column mapping an admin confirmed, remembered per set of headers (the header cells,
-- normalised and joined): the next file from the same timing program is mapped the same way.
CREATE TABLE import_mappings (
  header_key text PRIMARY KEY CHECK (length(header_key) BETWEEN 1 AND 4000),
  mapping jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- What was uploaded or pasted, kept between the preview and the confirmation (never results):
-- the confirmation imports exactly this text with the mapping and choices the preview showed.
-- Short-lived: drafts older than a day are deleted whenever a new one is made.
CREATE TABLE import_drafts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  race_id integer NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  admin_id integer REFERENCES admins (id) ON DELETE CASCADE,
  file_name text NOT NULL DEFAULT '' CHECK (length(file_name) <= 200),
  source text NOT NULL,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_drafts_created_idx ON import_drafts (created_at);

-- A lap added or removed by hand (transponders missed, a lap counted twice) and why: shown in
-- the change log of an official race ("#7 +1 lap: transponder missed lap 12").
ALTER TABLE race_results
  ADD COLUMN laps_adjustment integer CHECK (laps_adjustment BETWEEN -99 AND 99),
  ADD COLUMN laps_adjustment_reason text CHECK (length(laps_adjustment_reason) <= 200);
