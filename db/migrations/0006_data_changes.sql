-- Public pages are cached in every app instance (server/page-cache.ts). Each write to the data
-- behind them bumps a version and notifies the instances (LISTEN data_changed), which drop their
-- cached pages. A sequence, not a counter row: writers never wait on each other for it.
CREATE SEQUENCE public_data_version;

CREATE FUNCTION public_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('public_data_version');
  -- Delivered when the writing transaction commits, to every listening session.
  PERFORM pg_notify('data_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

-- Attaches the trigger to a table whose rows public pages show. Called at start for every table
-- in db/data-changes.ts (tables of later migrations included), so it must be idempotent.
CREATE FUNCTION watch_public_table(target regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'CREATE OR REPLACE TRIGGER public_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %s '
    'FOR EACH STATEMENT EXECUTE FUNCTION public_data_changed()',
    target
  );
END
$$;

SELECT watch_public_table(t) FROM unnest(ARRAY['competitors', 'races', 'race_results', 'race_registrations']) AS t;
