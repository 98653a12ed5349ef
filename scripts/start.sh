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

export PORT="${PORT:-8080}"
export DEMO_CATALOGUE="${DEMO_CATALOGUE:-true}"
cat <<URLS

  Main site      http://localhost:$PORT
  Slowed-reverb  http://slowedreverb.localhost:$PORT
  Radio          http://fm.localhost:$PORT
  A subscriber   http://alice.localhost:$PORT
  API            http://localhost:$PORT/api/v1/playlist/all

URLS

# Accounts live in the Firebase Auth emulator, which keeps its users in the data folder. It runs in
# a process group of its own so that Ctrl-C reaches the server only; once the server has closed,
# the emulator is stopped once, cleanly, so that it writes its users back. Its banners and tables
# go to a log file: the terminal shows the server's own lines.
# The data folder holds the database, the emulator's users and its log: this user's alone.
data_dir="${DATA_DIR:-$PWD/.data}"
umask 077
mkdir -p "$data_dir"
echo "  Accounts: Firebase Auth emulator, its log in $data_dir/firebase-emulator.log"
echo
setsid bash scripts/lib/firebase-emulator.sh "$data_dir/firebase" >"$data_dir/firebase-emulator.log" 2>&1 &
emulator_pid=$!
trap 'kill -INT "$emulator_pid" 2>/dev/null && wait "$emulator_pid" || true' EXIT

cd apps/api
# Built by the step above (apps/api/build.js): nothing is compiled at start.
node --enable-source-maps dist/server.js &
server_pid=$!
# A supervisor's SIGTERM (or Ctrl-C) reaches the server, which closes gracefully.
trap 'kill -TERM "$server_pid" 2>/dev/null || true' INT TERM
status=0
while kill -0 "$server_pid" 2>/dev/null; do
  wait "$server_pid" || status=$?
done
exit "$status"
