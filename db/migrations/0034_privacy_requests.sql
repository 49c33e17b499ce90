-- A racer's requests under PIPA (issue 35): access (s. 17), correction and erasure (s. 19), each
-- with the date its answer is due (s. 20: 45 days from when the person's identity is confirmed,
-- up to 30 more for a complex request). A request made through the site's e-mailed link is
-- identified by that link; one made on paper says how the person was identified.
--
-- competitor_id outlives the racer's contact details (an erasure keeps the request, not the
-- person) and goes to NULL if the record itself is ever deleted. handled_by has no foreign key,
-- like the audit log's admin_id: removing an admin must not rewrite who handled a request.
CREATE TABLE privacy_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  competitor_id integer REFERENCES competitors (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('access', 'correction', 'erasure')),
  source text NOT NULL CHECK (source IN ('link', 'paper')),
  identified_by text NOT NULL CHECK (length(identified_by) BETWEEN 1 AND 500),
  received_at timestamptz NOT NULL DEFAULT now(),
  identity_confirmed_at timestamptz,
  due_at timestamptz,
  extended_until timestamptz,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'refused')),
  handled_by integer,
  handled_at timestamptz,
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
  -- The clock starts once the identity is confirmed; an extension only ever adds time.
  CONSTRAINT privacy_requests_due_check CHECK (due_at IS NULL OR identity_confirmed_at IS NOT NULL),
  CONSTRAINT privacy_requests_extension_check CHECK (extended_until IS NULL OR extended_until > due_at),
  CONSTRAINT privacy_requests_handled_check CHECK ((status = 'open') = (handled_at IS NULL))
);
CREATE INDEX privacy_requests_competitor_idx ON privacy_requests (competitor_id);
CREATE INDEX privacy_requests_open_idx ON privacy_requests (due_at) WHERE status = 'open';
