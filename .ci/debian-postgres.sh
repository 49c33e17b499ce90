#!/usr/bin/env bash
# Starts the machine's Debian PostgreSQL 15 server (installing it when missing) and prints a
# connection URL for a role that may create databases: used by .ci/run to run the integration
# tests against an older major version than the embedded PostgreSQL 18.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

if [ ! -x /usr/lib/postgresql/15/bin/postgres ]; then
  apt-get update -qq >&2
  apt-get install -y -qq postgresql-15 >&2
fi
if ! pg_lsclusters -h | awk '$1 == 15 && $2 == "main"' | grep -q .; then
  pg_createcluster 15 main >&2
fi
pg_ctlcluster 15 main start >&2 || true
for _ in $(seq 1 30); do
  if su postgres -c "psql -p 5432 -Atqc 'SELECT 1'" >/dev/null 2>&1; then break; fi
  sleep 1
done
su postgres -c "psql -p 5432 -qc \"DO \\\$\\\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'club_ci') THEN
    CREATE ROLE club_ci LOGIN CREATEDB PASSWORD 'club_ci';
  END IF;
END \\\$\\\$;\"" >&2
# DROP DATABASE ... WITH (FORCE) ends an autovacuum worker that happens to be in a test database;
# PostgreSQL 15 asks for pg_signal_backend to do that (the tests drop their databases at the end).
su postgres -c "psql -p 5432 -qc 'GRANT pg_signal_backend TO club_ci'" >&2
# tests/integration/database-roles.test.ts creates an owning role and a site role of its own
# (decision 0043); CREATEROLE is enough for that, and ALTER keeps an older cluster's club_ci in step.
su postgres -c "psql -p 5432 -qc 'ALTER ROLE club_ci CREATEROLE'" >&2
echo "postgresql://club_ci:club_ci@127.0.0.1:5432/postgres"
