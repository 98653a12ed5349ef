#!/usr/bin/env bash
# Runs the Firebase Auth emulator (firebase-tools, no UI, no Java) in the foreground until it is
# stopped. With a folder, its users are imported from there and exported back on a clean exit, so
# accounts survive restarts; without one they live only as long as the process (tests).
#   usage: scripts/lib/firebase-emulator.sh [DATA_FOLDER]
set -euo pipefail
api_dir="$(cd "$(dirname "$0")/../../apps/api" && pwd)"
args=(emulators:start --only auth --config "$api_dir/firebase.json"
  --project "${FIREBASE_PROJECT_ID:-demo-fansite}")
if [ -n "${1:-}" ]; then
  mkdir -p "$1"
  # An empty folder is not an export yet: importing it would fail on the first start.
  if [ -f "$1/firebase-export-metadata.json" ]; then args+=(--import "$1"); fi
  args+=(--export-on-exit "$1")
fi
cd "$api_dir"
exec node_modules/.bin/firebase "${args[@]}"
