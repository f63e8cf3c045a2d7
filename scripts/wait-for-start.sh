#!/usr/bin/env bash
# Waits until `npm start` is up: both URLs answer AND its log holds the "App id:" line. `npm start`
# prints that line only after its own poll sees both URLs, so the URLs answering first does not mean
# the line is there yet (CI once read the log in that gap and reported a failed start).
# Usage: wait-for-start.sh LOG API_URL DEMO_URL [SECONDS]. Prints the app id; exits 1 on timeout.
set -euo pipefail
log=$1 api=$2 demo=$3 seconds=${4:-120}
deadline=$((SECONDS + seconds))
while [ "$SECONDS" -lt "$deadline" ]; do
  app_id=$({ grep -oE 'App id: +[A-Za-z0-9]{25}' "$log" 2>/dev/null || true; } | awk 'NR == 1 {print $3}')
  if [ -n "$app_id" ] && curl -fsS "$api/healthz" >/dev/null 2>&1 && curl -fsS "$demo/" >/dev/null 2>&1; then
    echo "$app_id"
    exit 0
  fi
  sleep 0.5
done
exit 1
