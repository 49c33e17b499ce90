-- The privacy notice's version a racer agreed to (issue 35 item 1): set with pipa_consent_at by
-- every registration and every confirmed change (app/lib/privacy/notice.ts holds the versions).
-- NULL: consent given before the notice had versions.
ALTER TABLE competitors ADD COLUMN privacy_notice_version integer CHECK (privacy_notice_version > 0);
-- A change records the version shown when it was asked for; confirming it gives the record that version.
ALTER TABLE pending_registration_changes ADD COLUMN privacy_notice_version integer CHECK (privacy_notice_version > 0);

-- "My data" links (issue 35 item 2): mailed to the address on file, single-use. Only the SHA-256
-- of the random token is kept. Opening it (a POST: mail scanners follow GET links) spends it and
-- starts a short viewing session bound to that browser by a cookie, kept here as a hash too.
CREATE TABLE privacy_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL,
  competitor_id integer NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  session_hash text,
  session_expires_at timestamptz,
  CONSTRAINT privacy_links_session_check CHECK ((session_hash IS NULL) = (session_expires_at IS NULL))
);
CREATE UNIQUE INDEX privacy_links_token_key ON privacy_links (token_hash);
CREATE UNIQUE INDEX privacy_links_session_key ON privacy_links (session_hash);
CREATE INDEX privacy_links_competitor_idx ON privacy_links (competitor_id);
CREATE INDEX privacy_links_expires_idx ON privacy_links (expires_at);
