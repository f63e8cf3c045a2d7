# syntax=docker/dockerfile:1
# The Latch auth server as an image: built from this repository, run from the same npm tarballs an operator
# would install (@latch/protocol + @latch/server), with production dependencies only. docs/deploy.md.
#
#   docker build -t latch-server .
#   docker run -p 8787:8787 -v latch-data:/data \
#     -e LATCH_MASTER_KEY -e LATCH_RECOVERY_KEY -e LATCH_PUBLIC_URL=https://auth.example.com latch-server

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: the whole workspace, its dev tools, the packages built and packed ----
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY . .
# The lockfile's exact versions; no install scripts (the repository builds nothing natively, see allowScripts).
RUN npm ci --ignore-scripts --no-audit --no-fund
# `npm pack` runs each package's prepack: the protocol build, the wallet frame build and the server build.
RUN mkdir /packs && npm pack --pack-destination /packs -w @latch/protocol -w @latch/server
# What the runtime gets: the tarballs installed as an operator installs them, without dev dependencies.
WORKDIR /app
RUN echo '{"name":"latch-server-image","private":true}' > package.json \
  && npm install --omit=dev --no-audit --no-fund --ignore-scripts /packs/*.tgz \
  && rm -f package-lock.json

# ---- runtime: Node, the installed server, nothing else ----
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    LATCH_HOST=0.0.0.0 \
    LATCH_PORT=8787 \
    LATCH_DATA_DIR=/data \
    PATH=/app/node_modules/.bin:$PATH
WORKDIR /app
COPY --from=build --chown=root:root /app /app
COPY --chown=root:root --chmod=0755 docker/entrypoint.sh /usr/local/bin/latch-entrypoint
# The embedded database (PGlite) lives in /data; with DATABASE_URL it holds only the lock and the CLI channel.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The node image's unprivileged user (uid 1000): the code is root-owned and read-only to it.
USER node
EXPOSE 8787
# GET /healthz (readiness) answers 200 while the database, Redis and the frame assets answer (503 when one does not);
# docs/deploy.md says which endpoint to give a load balancer and an orchestrator. No curl in the slim image: Node asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.LATCH_PORT||8787)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["latch-entrypoint"]
CMD ["start"]
