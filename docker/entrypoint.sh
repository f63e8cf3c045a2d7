#!/bin/sh
# The image's entrypoint: latch-server with the container's arguments (`start` by default; `apps create …`,
# `migrate`, `keys rotate` likewise). Secrets given as files (Docker/Compose secrets, Kubernetes volumes) named by
# <NAME>_FILE are read by latch-server itself (packages/server/src/secretFiles.ts), so
# `docker compose exec latch latch-server …`, which bypasses this script, sees them too.
set -eu
exec latch-server "$@"
