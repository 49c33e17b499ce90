#!/usr/bin/env bash
# Puts the club's site online on this server (docs/put-online.md, decision 0050):
#
#   scripts/install.sh --domain club.example --email secretary@club.example
#
# Checks the machine first, writes .env with generated secrets, builds the image, starts the stack
# of compose.yaml (the site, PostgreSQL, Caddy for HTTPS), waits until the site answers through its
# own HTTPS address, creates the first owner and prints their password once. Safe to run again: a
# working install is left exactly as it is. A first run that fails says why and removes what it
# made (.env, containers, volumes), so the next run starts clean.
#
# Settings for special cases (and the container test), read from the environment on the first run
# and then kept in .env: HTTP_PORT, HTTPS_PORT (80, 443), NODE_IMAGE, POSTGRES_IMAGE, CADDY_IMAGE
# (the official images), APP_REPLICAS (1). Always read: CONTAINER_ENGINE (docker or podman; the
# one installed), COMPOSE_PROJECT_NAME (boat-club), INSTALL_WAIT_SECONDS (300).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '%s\n' "$*"; }
fail() {
  printf '\nInstall stopped: %s\n' "$*" >&2
  exit 1
}
usage() {
  say "Usage: scripts/install.sh --domain club.example --email secretary@club.example [--owner NAME] [--club-name \"Club name\"]"
  say "  --domain     the address the site will have; its DNS record must point at this server"
  say "  --email      for the certificate authority's notices, and the club's contact address"
  say "  --owner      the first owner's username (default: owner)"
  say "  --club-name  the club's name until an owner changes it in the admin area"
}

DOMAIN_ARG="" EMAIL_ARG="" OWNER="owner" CLUB_NAME_ARG=""
while [ $# -gt 0 ]; do
  case "$1" in
    --domain) DOMAIN_ARG="${2:-}" && shift 2 ;;
    --email) EMAIL_ARG="${2:-}" && shift 2 ;;
    --owner) OWNER="${2:-}" && shift 2 ;;
    --club-name) CLUB_NAME_ARG="${2:-}" && shift 2 ;;
    -h | --help) usage && exit 0 ;;
    *) usage >&2 && fail "unknown option \"$1\"" ;;
  esac
done

PROJECT="${COMPOSE_PROJECT_NAME:-boat-club}"
ENV_FILE=.env
WAIT_SECONDS="${INSTALL_WAIT_SECONDS:-300}"
LOG="$(mktemp -t club-install.XXXXXX)"
FRESH=0 DONE=0
# shellcheck source=scripts/lib/stack.sh
. scripts/lib/stack.sh

# --- What is already here -------------------------------------------------------------------------

if [ -f "$ENV_FILE" ]; then
  DOMAIN="$(env_value DOMAIN)"
  [ -n "$DOMAIN" ] || fail ".env has no DOMAIN: it was not written by this script; move it away and run this again"
  if [ -n "$DOMAIN_ARG" ] && [ "$DOMAIN_ARG" != "$DOMAIN" ]; then
    fail "this server is set up for $DOMAIN (.env). To change the address, edit DOMAIN in .env and run this again without --domain"
  fi
  say "Using the settings in .env (set up for $DOMAIN)."
else
  FRESH=1
  [ -n "$DOMAIN_ARG" ] && [ -n "$EMAIL_ARG" ] || { usage >&2 && fail "--domain and --email are needed the first time"; }
  DOMAIN="$DOMAIN_ARG"
fi
[[ "$DOMAIN" =~ ^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$ ]] || fail "\"$DOMAIN\" is not a domain name such as club.example"
if [ "$FRESH" = 1 ]; then
  [[ "$EMAIL_ARG" =~ ^[^[:space:]@\"\$\\]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$ ]] || fail "\"$EMAIL_ARG\" is not an e-mail address"
  [[ "$OWNER" =~ ^[a-z0-9]([a-z0-9._-]{1,30})[a-z0-9]$ ]] ||
    fail "--owner: 3 to 32 of a-z, 0-9 and . _ - (not first or last)"
  if [ -n "$CLUB_NAME_ARG" ] && [[ "$CLUB_NAME_ARG" =~ [\"\$\\\`] ]]; then
    fail "--club-name: please leave out quotes, \$, \\ and backquotes (an owner can set any name later)"
  fi
fi
setting() { if [ "$FRESH" = 1 ]; then printf '%s' "${!1:-$2}"; else local v; v="$(env_value "$1")" && printf '%s' "${v:-$2}"; fi; }
HTTP_PORT="$(setting HTTP_PORT 80)"
HTTPS_PORT="$(setting HTTPS_PORT 443)"

# --- The machine --------------------------------------------------------------------------------

say "Checking this machine..."
choose_engine

RUNNING=1
for service in postgres app caddy; do [ -n "$(containers "$service")" ] || RUNNING=0; done

if [ "$FRESH" = 1 ] && "$ENGINE" volume inspect "${PROJECT}_postgres" >/dev/null 2>&1; then
  fail "the database volume ${PROJECT}_postgres exists but .env is gone: its passwords are in that .env. Put it back (from your copy), or remove the old install with '${COMPOSE[*]} down -v' (its data is lost) and run this again"
fi

# Ports: free, unless this stack's own Caddy holds them.
if [ -z "$(containers caddy)" ]; then
  for port in "$HTTP_PORT" "$HTTPS_PORT"; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      fail "port $port is in use by another program ('ss -ltnp' shows which; often apache2 or nginx): stop it, then run this again"
    fi
  done
fi

if [ "$DOMAIN" != localhost ]; then
  addresses="$(getent ahosts "$DOMAIN" | awk '{print $1}' | sort -u | tr '\n' ' ' || true)"
  here="$(hostname -I 2>/dev/null || true)"
  [ -n "$addresses" ] ||
    fail "$DOMAIN does not resolve yet: at your domain's DNS provider add an A record for $DOMAIN with this server's public address ($here), wait a few minutes, then run this again"
  local_match=0
  for a in $addresses; do case " $here " in *" $a "*) local_match=1 ;; esac; done
  [ "$local_match" = 1 ] ||
    say "  Note: $DOMAIN points at $addresses; this machine's own addresses are $here. Behind a provider's NAT that is fine; otherwise correct the DNS record, or the certificate cannot be issued."
fi

free_kb="$(df -Pk . | awk 'NR == 2 {print $4}')"
[ "$free_kb" -ge $((3 * 1024 * 1024)) ] || fail "less than 3 GB free on this disk ($((free_kb / 1024)) MB): the image and the database need room"
say "  $ENGINE, ports $HTTP_PORT and $HTTPS_PORT, $DOMAIN and disk space: fine."

# --- Settings -----------------------------------------------------------------------------------

# Letters and digits only: they go into connection addresses unescaped.
secret() { head -c "$1" /dev/urandom | od -An -tx1 | tr -d ' \n'; }

on_exit() {
  local status=$?
  if [ "$FRESH" = 1 ] && [ "$DONE" = 0 ] && [ -f "$ENV_FILE" ]; then
    say "Removing what this run made (containers, volumes, .env), so the next run starts clean..." >&2
    "${COMPOSE[@]}" down -v >>"$LOG" 2>&1 || true
    rm -f "$ENV_FILE"
  fi
  [ "$status" = 0 ] && rm -f "$LOG" || printf 'The commands'"'"' output is in %s.\n' "$LOG" >&2
}
trap on_exit EXIT

if [ "$FRESH" = 1 ]; then
  say "Writing .env with new passwords and keys..."
  VERSION="$(git rev-parse --short HEAD 2>/dev/null || echo local)"
  (
    umask 077
    {
      say "# Written by scripts/install.sh on $(date -u +%Y-%m-%d). Private: it holds the database passwords and"
      say "# the key that seals the admins' two-factor secrets. Keep a copy apart from the backups (a password"
      say "# manager): a backup restored without TOTP_ENCRYPTION_KEY leaves every admin to set up two-factor again."
      say "DOMAIN=$DOMAIN"
      say "ACME_EMAIL=$EMAIL_ARG"
      say "CLUB_EMAIL=$EMAIL_ARG"
      [ -z "$CLUB_NAME_ARG" ] || say "CLUB_NAME=\"$CLUB_NAME_ARG\""
      say "# E-mail: smtp://user:password@host:587 from your mail provider; then run this script again."
      say "SMTP_URL="
      say "MAIL_FROM="
      say "POSTGRES_PASSWORD=$(secret 24)"
      say "CLUB_OWNER_PASSWORD=$(secret 24)"
      say "CLUB_SITE_PASSWORD=$(secret 24)"
      say "TOTP_ENCRYPTION_KEY=$(secret 32)"
      say "APP_IMAGE=localhost/boat-club:$VERSION"
      say "APP_REPLICAS=${APP_REPLICAS:-1}"
      say "HTTP_PORT=$HTTP_PORT"
      say "HTTPS_PORT=$HTTPS_PORT"
      for name in NODE_IMAGE POSTGRES_IMAGE CADDY_IMAGE; do [ -z "${!name:-}" ] || say "$name=${!name}"; done
    } >"$ENV_FILE.partial"
  )
  mv "$ENV_FILE.partial" "$ENV_FILE"
fi
APP_IMAGE="$(env_value APP_IMAGE)"

# --- Image and stack ----------------------------------------------------------------------------

build_image "$APP_IMAGE"

# Docker's `up -d` changes only what .env or compose.yaml changed (SMTP_URL added, say); podman-compose
# 1.0 would try to make the running containers again, so with Podman a running stack is left alone.
if [ "$RUNNING" = 1 ] && [ "$ENGINE" = podman ]; then
  say "The site's containers are running; nothing to start."
else
  say "Starting the site, its database and Caddy..."
  "${COMPOSE[@]}" up -d >>"$LOG" 2>&1 || fail "the containers did not start. The last lines:
$(tail -n 15 "$LOG")"
fi

# --- Through its own HTTPS ----------------------------------------------------------------------

address="$(site_address)"
say "Waiting until $address answers (the first certificate can take a minute)..."
wait_for_site ||
  fail "$address did not answer within $WAIT_SECONDS s. Usual causes: the DNS record does not point here yet, or a firewall closes ports 80/443 (both must be open for the certificate). Logs: '${COMPOSE[*]} logs caddy app'"
say "  $address answers."

# --- The first owner ----------------------------------------------------------------------------

admins="$("$ENGINE" exec "$(first_container postgres)" psql -U postgres -d club -tAc "SELECT count(*) FROM admins" 2>>"$LOG" | tr -d '[:space:]')"
[[ "$admins" =~ ^[0-9]+$ ]] || fail "could not count the admins in the database"
if [ "$admins" = 0 ]; then
  password="$(head -c 18 /dev/urandom | base64 | tr '+/' 'kq')"
  printf '%s\n' "$password" | "$ENGINE" exec -i "$(first_container app)" node scripts/cli.js admin "$OWNER" >>"$LOG" 2>&1 ||
    fail "the first owner could not be created"
  DONE=1
  say ""
  say "The first owner is \"$OWNER\" with the password:"
  say ""
  say "    $password"
  say ""
  say "It is shown only this once: save it in a password manager now."
else
  DONE=1
  say "Admins exist already: sign in as before. A forgotten password: ${COMPOSE[*]} exec app node scripts/cli.js admin NAME"
fi

say ""
say "The site is online at $address. Next:"
say "  1. Sign in at $address/admin/login and set up two-factor sign-in (the site asks for it)."
say "  2. E-mail: put your provider's SMTP_URL in .env, run this script again, and send a test message."
say "  3. Keep a copy of .env in a password manager; copy the daily backups off this server (docs/put-online.md)."
