#!/bin/sh
# Run once by the PostgreSQL image, when its data volume is first initialised: the club's database
# and its two roles (decision 0043). The owner owns the tables and is used only for migrations at
# start; the site connects as a role that owns nothing. Passwords come from .env (scripts/install.sh).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$CLUB_OWNER_PASSWORD" -v site_password="$CLUB_SITE_PASSWORD" <<'SQL'
-- CREATEDB: each backup is proven by a restore into a scratch database, dropped after (decision 0051).
CREATE ROLE club_owner LOGIN CREATEDB PASSWORD :'owner_password';
CREATE ROLE club_site LOGIN PASSWORD :'site_password';
-- PostgreSQL 15+: the public schema belongs to the database's owner, so club_owner may create in it.
CREATE DATABASE club OWNER club_owner;
SQL
