#!/usr/bin/env bash
# Runs every test: formatting, workspace checks, lint, types, unit and API tests on PGlite and
# PostgreSQL, the Storybook build, the end-to-end tests in Chromium against the built apps and the real server,
# and the fleet test (several servers behind nginx, across network namespaces).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensure.sh

ensure_dependencies
ensure_chromium
ensure_ffmpeg
ensure_fleet_tools
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  log "Starting PostgreSQL for the API tests"
  ensure_test_postgres
fi
export TEST_DATABASE_URL
export CI="${CI:-true}"

log "Formatting"
pnpm format:check

log "Workspace package files (manypkg), unused files, exports and dependencies (knip)"
pnpm check:workspace

log "Lint, types, unit and API tests, builds"
pnpm turbo run lint typecheck test build --output-logs=new-only --concurrency=2

# The three apps' end-to-end tests run at once, each against a server of its own (ports and data
# folders apart): the radio's and the subscriber sites' short runs fill the time the main site's
# run spends waiting (docs/end-to-end.md).
log "End-to-end tests"
pnpm turbo run e2e --output-logs=new-only --concurrency=3

log "The fleet: two API and main-site servers, one radio and subscriber-site server, PostgreSQL and nginx, each on a host of its own (docs/fleet.md)"
as_root bash apps/api/fleet/fleet.sh
