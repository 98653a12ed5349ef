#!/usr/bin/env bash
# Starts the whole product on one port with its embedded defaults: PGlite database in .data/,
# the demo catalogue on first start, the Firebase Auth emulator for accounts (users kept in
# .data/firebase), every app served by host name.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensure.sh

ensure_dependencies
ensure_ffmpeg
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

# Accounts live in the Firebase Auth emulator, which keeps its users in the data folder. It runs in
# a process group of its own so that Ctrl-C reaches the server only; once the server has closed,
# the emulator is stopped once, cleanly, so that it writes its users back.
setsid bash scripts/lib/firebase-emulator.sh "${DATA_DIR:-$PWD/.data}/firebase" &
emulator_pid=$!
trap 'kill -INT "$emulator_pid" 2>/dev/null && wait "$emulator_pid" || true' EXIT

cd apps/api
node --import tsx src/server.ts &
server_pid=$!
# A supervisor's SIGTERM (or Ctrl-C) reaches the server, which closes gracefully.
trap 'kill -TERM "$server_pid" 2>/dev/null || true' INT TERM
status=0
while kill -0 "$server_pid" 2>/dev/null; do
  wait "$server_pid" || status=$?
done
exit "$status"
