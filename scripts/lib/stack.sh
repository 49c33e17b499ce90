# What scripts/install.sh and scripts/upgrade.sh share: .env's values, the container engine and
# its compose, the stack's containers, and waiting for the site through its own HTTPS address.
# Sourced, never run. Expects PROJECT, ENV_FILE and LOG set, and say/fail defined.

# A value of .env (KEY=value lines); never sourced, so nothing in it runs.
env_value() { sed -n "s/^$1=//p" "$ENV_FILE" | tail -n 1 | sed 's/^"\(.*\)"$/\1/'; }

# Sets ENGINE, COMPOSE and BUILD for the engine installed (or CONTAINER_ENGINE), or stops.
choose_engine() {
  case "${CONTAINER_ENGINE:-}" in
    "") if command -v docker >/dev/null; then ENGINE=docker; elif command -v podman >/dev/null; then ENGINE=podman; else ENGINE=""; fi ;;
    docker | podman) ENGINE="$CONTAINER_ENGINE" ;;
    *) fail "CONTAINER_ENGINE must be docker or podman" ;;
  esac
  [ -n "$ENGINE" ] || fail "no container engine: install Docker (https://docs.docker.com/engine/install/), then run this again"
  "$ENGINE" info >/dev/null 2>&1 || fail "$ENGINE does not answer: start it (systemctl start $ENGINE), or run this as root"
  if [ "$ENGINE" = docker ]; then
    docker compose version >/dev/null 2>&1 || fail "Docker's compose plugin is missing: apt-get install docker-compose-plugin"
    COMPOSE=(docker compose -p "$PROJECT")
    BUILD=(docker build)
  else
    command -v podman-compose >/dev/null || fail "podman-compose is missing: apt-get install podman-compose"
    COMPOSE=(podman-compose -p "$PROJECT")
    # Podman's default image format (OCI) drops the image's HEALTHCHECK.
    BUILD=(podman build --format docker)
  fi
  command -v curl >/dev/null || fail "curl is missing (it checks the site at the end): apt-get install curl"
}

# The containers of one service of this stack (both engines label them as compose does).
containers() { "$ENGINE" ps -q --filter "label=com.docker.compose.project=$PROJECT" --filter "label=com.docker.compose.service=$1"; }
# sed reads every line: `head -n 1` may close the pipe before the engine has written the second
# replica's id, and with pipefail that SIGPIPE (status 141) stopped the scripts at random.
first_container() { containers "$1" | sed -n 1p; }

# Builds the site's image as tag $1 from this checkout, unless it exists.
build_image() {
  "$ENGINE" image inspect "$1" >/dev/null 2>&1 && return 0
  say "Building the site's image $1 (a few minutes)..."
  local node_image build_started=$SECONDS
  node_image="$(env_value NODE_IMAGE)"
  "${BUILD[@]}" ${node_image:+--build-arg "NODE_IMAGE=$node_image"} -t "$1" . >>"$LOG" 2>&1 ||
    fail "the image did not build. Its last lines:
$(tail -n 15 "$LOG")"
  say "  Built in $((SECONDS - build_started)) s."
}

# Sets .env's KEY to VALUE, all at once (a .partial file renamed), keeping its mode.
set_env_value() {
  (
    umask 077
    { grep -v "^$1=" "$ENV_FILE" || true; printf '%s=%s\n' "$1" "$2"; } >"$ENV_FILE.partial"
  )
  mv "$ENV_FILE.partial" "$ENV_FILE"
}

# Waits until https://DOMAIN[:HTTPS_PORT]/readyz answers through Caddy; returns 1 after WAIT_SECONDS.
site_address() { printf 'https://%s%s' "$DOMAIN" "$([ "$HTTPS_PORT" = 443 ] || printf ':%s' "$HTTPS_PORT")"; }
wait_for_site() {
  local address deadline root caddy_container
  address="$(site_address)"
  deadline=$((SECONDS + WAIT_SECONDS))
  local ca=()
  until
    # `localhost` has a certificate from Caddy's own authority, which this machine does not know.
    if [ "$DOMAIN" = localhost ] && [ ${#ca[@]} = 0 ]; then
      root="$(mktemp -t club-ca.XXXXXX)"
      caddy_container="$(first_container caddy)"
      if [ -n "$caddy_container" ] && "$ENGINE" exec "$caddy_container" cat /data/caddy/pki/authorities/local/root.crt >"$root" 2>/dev/null; then ca=(--cacert "$root"); fi
    fi
    curl -fsS --max-time 10 "${ca[@]}" --resolve "$DOMAIN:$HTTPS_PORT:127.0.0.1" "$address/readyz" >>"$LOG" 2>&1
  do
    if [ "$SECONDS" -ge "$deadline" ]; then
      local service c
      for service in caddy app; do
        c="$(first_container "$service")"
        [ -z "$c" ] || { say "--- last lines of $service:" && "$ENGINE" logs --tail 10 "$c" 2>&1; } >>"$LOG"
      done
      return 1
    fi
    sleep 3
  done
}
