-- Calendar feeds (issue 14): a race can be cancelled, and calendar apps need to know a race
-- changed (iCalendar SEQUENCE), whatever code path changed it.

ALTER TABLE races DROP CONSTRAINT races_status_check;
ALTER TABLE races ADD CONSTRAINT races_status_check CHECK (status IN ('upcoming', 'completed', 'cancelled'));

-- Bumped by the trigger below in the same UPDATE that changes what a calendar event shows, so
-- it only ever rises (RFC 5545: a revised event carries a higher SEQUENCE).
ALTER TABLE races ADD COLUMN ical_sequence integer NOT NULL DEFAULT 0;

CREATE FUNCTION races_bump_ical_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ical_sequence := OLD.ical_sequence + 1;
  RETURN NEW;
END
$$;

CREATE TRIGGER races_bump_ical_sequence BEFORE UPDATE ON races FOR EACH ROW
  WHEN ((OLD.title, OLD.date, OLD.location, OLD.description, OLD.status)
        IS DISTINCT FROM (NEW.title, NEW.date, NEW.location, NEW.description, NEW.status))
  EXECUTE FUNCTION races_bump_ical_sequence();
