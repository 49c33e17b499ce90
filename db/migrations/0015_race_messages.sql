-- Opt-in race messages (issue 14, item 5; decision 0022): "results are up" to a race's entrants
-- and a reminder before entries close, each only to drivers who asked for it.
ALTER TABLE competitors
  ADD COLUMN notify_results boolean NOT NULL DEFAULT false,
  ADD COLUMN notify_reminders boolean NOT NULL DEFAULT false;

-- A change to an existing registration may opt in too; applied when the owner confirms.
ALTER TABLE pending_registration_changes ADD COLUMN race_emails boolean NOT NULL DEFAULT false;

-- Mail headers of a message (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058).
ALTER TABLE outbox_messages ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb;

-- One link per message to the driver's e-mail preferences (and one-click unsubscribe). Only the
-- SHA-256 of the random token is stored, so this table cannot be turned into links.
CREATE TABLE message_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL,
  competitor_id integer NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX message_links_token_key ON message_links (token_hash);
CREATE INDEX message_links_expires_idx ON message_links (expires_at);

-- A race message goes out once: its row is written in the transaction that queues the e-mails,
-- so a second instance, a restart or a second click finds it and sends nothing.
CREATE TABLE race_messages (
  race_id integer NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('results-up', 'entry-reminder')),
  recipients integer NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (race_id, kind)
);
