-- Rate-limit counters live in the database so several app instances share them.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
CREATE INDEX rate_limits_window_idx ON rate_limits (window_start);
