#!/usr/bin/env bash
# Moves the club's site to the version checked out here (docs/put-online.md#upgrading):
#
#   git fetch --tags && git checkout v2027.1 && scripts/upgrade.sh
#
# 1. takes a backup (db:backup into the backups volume) and stops if it cannot;
# 2. builds the new version's image, tagged with its commit;
# 3. applies the new version's database migrations from a one-off container of the new image,
#    while the old version keeps serving: if they fail, the old version is still the one running
#    and nothing else changed;
# 4. only then points .env's APP_IMAGE at the new image, restarts the site's containers with it
#    and waits until the site answers through its own HTTPS address; a new version that does not
#    come up is replaced by the old one again.
# Run again after a failure: it starts from the top, with a new backup. Reads the same settings as
# scripts/install.sh (CONTAINER_ENGINE, COMPOSE_PROJECT_NAME, INSTALL_WAIT_SECONDS).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '%s\n' "$*"; }
fail() {
  printf '\nUpgrade stopped: %s\n' "$*" >&2
  printf 'The commands'"'"' output is in %s.\n' "$LOG" >&2
  exit 1
}

PROJECT="${COMPOSE_PROJECT_NAME:-boat-club}"
ENV_FILE=.env
WAIT_SECONDS="${INSTALL_WAIT_SECONDS:-300}"
LOG="$(mktemp -t club-upgrade.XXXXXX)"
# The log holds the commands' output (podman-compose prints the stack's passwords): kept only to say why a run failed.
trap 'status=$?; [ "$status" != 0 ] || rm -f "$LOG"' EXIT
# shellcheck source=scripts/lib/stack.sh
. scripts/lib/stack.sh

[ -f "$ENV_FILE" ] || fail "no .env here: this server was not set up with scripts/install.sh (run that first)"
DOMAIN="$(env_value DOMAIN)"
HTTPS_PORT="$(env_value HTTPS_PORT)"
HTTPS_PORT="${HTTPS_PORT:-443}"
choose_engine

OLD_IMAGE="$(env_value APP_IMAGE)"
VERSION="$(git rev-parse --short HEAD 2>/dev/null)" || fail "this is not a git checkout of the site: upgrade from one (git clone, then git checkout the version)"
git diff --quiet HEAD -- . ':!.env' 2>/dev/null || fail "files of this checkout were changed by hand (git status shows which): the new version would not be the published one"
NEW_IMAGE="localhost/boat-club:$VERSION"
app="$(first_container app)"
[ -n "$app" ] && [ -n "$(first_container postgres)" ] ||
  fail "the site's containers are not running: start them with scripts/install.sh first, then upgrade"

if [ "$NEW_IMAGE" = "$OLD_IMAGE" ]; then
  say "The site already runs this version ($VERSION): nothing to do."
  exit 0
fi
say "Upgrading the site from ${OLD_IMAGE##*:} to $VERSION."

say "Taking a backup first..."
# db:backup writes the backup, restores it into a scratch database and counts its rows: it fails
# when that restore fails, and then nothing is upgraded.
if ! output="$("$ENGINE" exec "$app" node scripts/cli.js db:backup 2>&1)"; then
  printf '%s\n' "$output" >>"$LOG"
  fail "the backup before the upgrade failed or could not be restored, so nothing was changed:
$(tail -n 3 <<<"$output")"
fi
printf '%s\n' "$output" >>"$LOG"
backup="$(sed -n 's/^Backup written to \([^ ]*\) .*/\1/p' <<<"$output")"
[ -n "$backup" ] || fail "the backup did not say where it was written, so nothing was changed"
say "  $backup (in the backups volume), $(grep -q '^Proven' <<<"$output" && echo "proven: restored and counted" || echo "not proven here: $(sed -n 's/^Not proven: //p' <<<"$output")")."

build_image "$NEW_IMAGE"

say "Applying the new version's database changes (the old version keeps serving)..."
network="$("$ENGINE" inspect "$app" --format '{{range $name, $n := .NetworkSettings.Networks}}{{$name}} {{end}}' | awk '{print $1}')"
settings=()
for name in DATABASE_URL MIGRATION_DATABASE_URL TOTP_ENCRYPTION_KEY; do
  value="$("$ENGINE" exec "$app" printenv "$name" 2>/dev/null || true)"
  [ -z "$value" ] || settings+=(-e "$name=$value")
done
if ! "$ENGINE" run --rm --network "$network" "${settings[@]}" "$NEW_IMAGE" node scripts/cli.js db:migrate >>"$LOG" 2>&1; then
  fail "the new version's database changes failed. The site still runs ${OLD_IMAGE##*:}, unchanged; the backup is $backup. The error:
$(tail -n 5 "$LOG")"
fi

# Podman-compose 1.0 makes running containers again only after `down`; volumes are kept.
restart_app() {
  if [ "$ENGINE" = podman ]; then
    "${COMPOSE[@]}" down >>"$LOG" 2>&1 && "${COMPOSE[@]}" up -d >>"$LOG" 2>&1
  else
    "${COMPOSE[@]}" up -d >>"$LOG" 2>&1
  fi
}

set_env_value APP_IMAGE "$NEW_IMAGE"
say "Starting version $VERSION..."
if restart_app && wait_for_site; then
  say "  $(site_address) answers with version $VERSION."
  say ""
  say "Upgraded. The backup taken before is $backup; the old image $OLD_IMAGE can go ('$ENGINE image rm $OLD_IMAGE') once all is well."
  exit 0
fi
say "Version $VERSION did not come up; going back to ${OLD_IMAGE##*:}..."
set_env_value APP_IMAGE "$OLD_IMAGE"
restart_app && wait_for_site || fail "the old version did not come back either: '${COMPOSE[*]} logs app' says why; the backup is $backup"
fail "version $VERSION did not start (its database changes stay; they are made to work with the version before). The site runs ${OLD_IMAGE##*:} again; the backup is $backup"
