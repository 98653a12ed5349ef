#!/usr/bin/env bash
# Starts the whole product on one port with its embedded defaults: PGlite database in .data/,
# the demo catalogue on first start, every app served by host name.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensure.sh

ensure_dependencies
log "Building the apps"
pnpm turbo run build --filter='./apps/*' --output-logs=errors-only

export TURBO_TELEMETRY_DISABLED=1
export PORT="${PORT:-8080}"
export DEMO_CATALOGUE="${DEMO_CATALOGUE:-true}"
cat <<URLS

  Main site      http://localhost:$PORT
  Slowed-reverb  http://slowedreverb.localhost:$PORT
  Radio          http://fm.localhost:$PORT
  API            http://localhost:$PORT/api/v1/playlist/all

URLS
exec pnpm --silent --filter @fansite/api start
