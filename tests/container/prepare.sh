#!/usr/bin/env bash
# Readies this machine for the container test (tests/container/container.test.ts, decision 0050):
# Podman, runc, podman-compose and mmdebstrap from Debian; Podman set up for these machines; and the
# stand-ins for the official images, which no registry here serves, each made once and then kept in
# Podman's image store (nothing else is cached outside the clone). Prints the stand-ins' names, and
# how long each step took on stderr (on a new machine most of the container test's time is here
# and in the image's first build).
#
# - node: Debian bookworm (minbase) with this machine's own Node.js binary and npm, as the official
#   node:20-bookworm-slim image is Debian with the nodejs.org binary; it trusts what this machine
#   trusts (the npm registry is reached through a proxy with its own CA here; a server needs nothing
#   of the kind, so none of it is in the Dockerfile).
# - postgres, caddy: Debian trixie's PostgreSQL 17 and Caddy behind the official images' contract.
set -euo pipefail
cd "$(dirname "$0")"
export DEBIAN_FRONTEND=noninteractive
log() { printf '[container test] %s\n' "$*" >&2; }
# Prints how long the step started at $1 (SECONDS) took.
took() { log "$2: $((SECONDS - $1)) s"; }

missing=()
for tool in podman runc podman-compose mmdebstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]} from Debian..."
  started=$SECONDS
  apt-get update -qq >&2
  apt-get install -y -qq podman runc podman-compose mmdebstrap >&2
  took "$started" "installing ${missing[*]}"
fi

# Without systemd and with these cgroups: runc (crun refuses them), cgroupfs, and no default ulimits
# (they cannot be raised here).
conf=/etc/containers/containers.conf
if [ ! -f "$conf" ]; then
  log "writing $conf for this machine"
  mkdir -p /etc/containers
  cat >"$conf" <<'EOF'
# Written by tests/container/prepare.sh: no default ulimits (they cannot be raised here), cgroupfs
# (no systemd), runc (crun refuses these cgroups).
[containers]
default_ulimits = []

[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
EOF
fi
grep -qs '^default_ulimits = \[\]' "$conf" && grep -qs '^cgroup_manager = "cgroupfs"' "$conf" ||
  { log "$conf needs default_ulimits = [] under [containers] and cgroup_manager = \"cgroupfs\" under [engine]"; exit 1; }
[ "$(podman info --format '{{.Host.OCIRuntime.Name}}')" = runc ] ||
  { log "Podman must use runc here: runtime = \"runc\" under [engine] in $conf"; exit 1; }

NODE_VERSION="$(node --version | tr -d v)"
NODE_BASE="localhost/boat-club-test/node-base:$NODE_VERSION"
SERVICES_BASE="localhost/boat-club-test/services-base:trixie"
POSTGRES="localhost/boat-club-test/postgres:17"
CADDY="localhost/boat-club-test/caddy:2"
have() { podman image exists "$1"; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The two bases are made at the same time: each is mostly waiting for Debian's mirror and dpkg.
make_node_base() {
  local started=$SECONDS node_bin npm_dir
  node_bin="$(readlink -f "$(command -v node)")"
  npm_dir="$(npm root -g)/npm"
  mmdebstrap --quiet --variant=minbase --dpkgopt=force-unsafe-io --include=ca-certificates \
    --customize-hook="cp -a '$node_bin' \"\$1/usr/local/bin/node\"" \
    --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\" && cp -a '$npm_dir' \"\$1/usr/local/lib/node_modules/npm\" && ln -s ../lib/node_modules/npm/bin/npm-cli.js \"\$1/usr/local/bin/npm\"" \
    --customize-hook='cp /etc/ssl/certs/ca-certificates.crt "$1/etc/ssl/certs/ca-certificates.crt"' \
    bookworm "$work/node.tar" http://deb.debian.org/debian >&2
  podman import --quiet \
    --change 'ENV=PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV=NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'CMD=["node"]' "$work/node.tar" "$NODE_BASE" >/dev/null
  rm -f "$work/node.tar"
  took "$started" "the Node.js stand-in $NODE_BASE"
}
make_services_base() {
  local started=$SECONDS
  mmdebstrap --quiet --variant=minbase --dpkgopt=force-unsafe-io --include=ca-certificates,postgresql,caddy \
    trixie "$work/services.tar" http://deb.debian.org/debian >&2
  podman import --quiet --change 'ENV=PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "$work/services.tar" "$SERVICES_BASE" >/dev/null
  rm -f "$work/services.tar"
  took "$started" "the PostgreSQL and Caddy stand-ins' base $SERVICES_BASE"
}

pids=()
if ! have "$NODE_BASE"; then
  log "making the Node.js stand-in $NODE_BASE (once; a few minutes)..."
  make_node_base &
  pids+=($!)
fi
if { ! have "$POSTGRES" || ! have "$CADDY"; } && ! have "$SERVICES_BASE"; then
  log "making the PostgreSQL and Caddy stand-ins' base (once; several minutes)..."
  make_services_base &
  pids+=($!)
fi
for pid in "${pids[@]}"; do wait "$pid" || { log "a stand-in could not be made (its output is above)"; exit 1; }; done
if ! have "$POSTGRES" || ! have "$CADDY"; then
  started=$SECONDS
  for standin in postgres caddy; do
    image="$POSTGRES" && [ "$standin" = caddy ] && image="$CADDY"
    podman build --quiet --format docker --build-arg "BASE=$SERVICES_BASE" -f "standins/$standin.Containerfile" \
      -t "$image" standins >/dev/null
  done
  took "$started" "the PostgreSQL and Caddy stand-ins"
fi

printf 'NODE_IMAGE=%s\nPOSTGRES_IMAGE=%s\nCADDY_IMAGE=%s\n' "$NODE_BASE" "$POSTGRES" "$CADDY"
