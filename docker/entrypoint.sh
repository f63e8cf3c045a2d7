#!/bin/sh
# The image's entrypoint: secrets may come as files (Docker/Compose secrets, Kubernetes volumes) named by
# <NAME>_FILE; each is read into <NAME> for the server, which reads only its environment. Then latch-server runs
# with the container's arguments (`start` by default; `apps create …`, `migrate`, `keys rotate` likewise).
set -eu
for name in LATCH_MASTER_KEY LATCH_MASTER_KEY_PREVIOUS LATCH_RECOVERY_KEY LATCH_RECOVERY_KEY_PREVIOUS \
  DATABASE_URL REDIS_URL SMTP_URL TWILIO_AUTH_TOKEN; do
  file=$(printenv "${name}_FILE" || true)
  if [ -n "$file" ]; then
    if [ -n "$(printenv "$name" || true)" ]; then
      echo "latch-entrypoint: set $name or ${name}_FILE, not both" >&2
      exit 1
    fi
    if [ ! -r "$file" ]; then
      echo "latch-entrypoint: ${name}_FILE names $file, which cannot be read" >&2
      exit 1
    fi
    value=$(cat "$file")
    export "$name=$value"
    unset "${name}_FILE"
  fi
done
exec latch-server "$@"
