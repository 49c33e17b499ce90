-- E-mail outbox (driver registration notices). A message is written in the same transaction as
-- the registration it reports, so a saved registration never loses its e-mail and a failed one
-- never sends one. A worker delivers pending messages; see server/mail-worker.ts.
CREATE TABLE outbox_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A claim's lease: while it runs, no other instance picks the message up.
  locked_until timestamptz,
  last_error text,
  -- Without SMTP_URL the worker only logs that a message waits; this stops it logging twice.
  logged_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_messages_due_idx ON outbox_messages (next_attempt_at) WHERE status = 'pending';
CREATE INDEX outbox_messages_done_idx ON outbox_messages (created_at) WHERE status <> 'pending';
