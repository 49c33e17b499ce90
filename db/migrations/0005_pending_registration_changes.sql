-- Changes to an existing driver registration wait here until the owner of the e-mail address on
-- file confirms them through a single-use link (issue 9, item 4; decision 0008). Only the
-- SHA-256 of the link's random token is stored, so this table cannot be turned into links.
CREATE TABLE pending_registration_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL,
  competitor_id integer NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  -- The details the record takes when the change is confirmed.
  first_name text NOT NULL,
  last_name text NOT NULL,
  boat_name text,
  boat_number text NOT NULL,
  boat_classes text[] NOT NULL,
  telephone text,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- Set when this change is applied, or when another change to the same record is applied first.
  used_at timestamptz
);
CREATE UNIQUE INDEX pending_registration_changes_token_key ON pending_registration_changes (token_hash);
-- The per-record limit on confirmation e-mails counts the last 24 hours of one record.
CREATE INDEX pending_registration_changes_competitor_idx ON pending_registration_changes (competitor_id, created_at);
CREATE INDEX pending_registration_changes_expires_idx ON pending_registration_changes (expires_at);
