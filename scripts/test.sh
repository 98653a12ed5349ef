#!/usr/bin/env bash
# Runs every test: formatting, workspace checks, lint, types, unit and API tests on PGlite and
# PostgreSQL, the Storybook build, the end-to-end tests in Chromium against the built apps and the real server,
# and the fleet test (several servers behind nginx, across network namespaces).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensure.sh

ensure_dependencies
ensure_test_browser
ensure_ffmpeg
ensure_fleet_tools
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  log "Starting PostgreSQL for the API tests"
  ensure_test_postgres
fi
export TEST_DATABASE_URL
export CI="${CI:-true}"
start_auth_emulator

# Any operator command opens its data folder, creating and migrating the database when the folder
# is empty; made aside and moved into place, a run cut short leaves no half-made template.
make_e2e_data_template() {
  local template=.data/e2e-template making=.data/e2e-template.making
  rm -rf "$template" "$making"
  DATA_DIR="$making" node apps/api/dist/staff.js list >/dev/null
  mv "$making" "$template"
}

# The two checks run at once (each keeps to one core); their output follows, one after the other.
log "Formatting; workspace package files (manypkg), unused files, exports and dependencies (knip)"
checks=$(mktemp -d /tmp/fansite-checks.XXXXXX)
pnpm format:check >"$checks/format" 2>&1 &
format_check=$!
pnpm check:workspace >"$checks/workspace" 2>&1 &
workspace_check=$!
format_status=0 workspace_status=0
wait "$format_check" || format_status=$?
wait "$workspace_check" || workspace_status=$?
cat "$checks/format" "$checks/workspace"
rm -rf "$checks"
if [ "$format_status" -ne 0 ] || [ "$workspace_status" -ne 0 ]; then exit 1; fi

wait_for_auth_emulator
# Lint type-checks each package as it lints it (docs/testing.md): no separate `typecheck` run.
log "Lint and types, unit and API tests, builds"
# The API's build first (half a second): the API tests start from it at once, and the migrated
# data folder the end-to-end servers start as copies of is made from it beside the stage.
pnpm turbo run build --filter=@fansite/api --output-logs=new-only
make_e2e_data_template &
data_template=$!
# The API tests are the stage's longest task, and wait on processes and timers for part of their
# run: they run from the start at the normal priority, every other task at a lower one in what
# they leave. Left to turbo's order, they started 33-77 s into the stage and ran on alone for up
# to 80 s at its end (docs/testing.md). Their output follows the other tasks'.
stage=$(mktemp -d /tmp/fansite-stage.XXXXXX)
pnpm turbo run test --filter=@fansite/api --output-logs=new-only >"$stage/api-tests" 2>&1 &
api_tests=$!
nice -n 10 pnpm turbo run lint --filter=@fansite/api --output-logs=new-only >"$stage/api-lint" 2>&1 &
api_lint=$!
others_status=0 api_lint_status=0 api_tests_status=0
nice -n 10 pnpm turbo run lint test build --filter='!@fansite/api' --output-logs=new-only \
  --concurrency=2 || others_status=$?
wait "$api_lint" || api_lint_status=$?
wait "$api_tests" || api_tests_status=$?
cat "$stage/api-lint" "$stage/api-tests"
rm -rf "$stage"
wait "$data_template"
if [ "$others_status" -ne 0 ] || [ "$api_lint_status" -ne 0 ] || [ "$api_tests_status" -ne 0 ]; then
  exit 1
fi

# One app's end-to-end tests at a time (each spreads its tests over three browsers): the radio's
# timing tests need the machine's cores while they run (docs/end-to-end.md).
log "End-to-end tests: the main site's and the subscriber sites'"
pnpm turbo run e2e --filter=@fansite/web --filter=@fansite/sites --output-logs=new-only \
  --concurrency=1

# The radio's end-to-end tests run one at a time and leave most of the CPU idle; the fleet test
# spends most of its time waiting for its servers and timers. It runs beside them at a lower
# priority: the radio's timing tests keep the cores they need. Its requests per second are read
# beside the radio's tests (docs/fleet.md); beside the main site's tests they read 173, where
# alone they read 1,157-1,601. Its output follows the radio's.
log "The radio's end-to-end tests, and beside them the fleet: two API and main-site servers, one radio and subscriber-site server, PostgreSQL and nginx, each on a host of its own (docs/fleet.md)"
fleet_log=$(mktemp /tmp/fansite-fleet.XXXXXX.log)
as_root nice -n 10 bash apps/api/fleet/fleet.sh >"$fleet_log" 2>&1 &
fleet=$!
radio_status=0 fleet_status=0
pnpm turbo run e2e --filter=@fansite/fm --output-logs=new-only || radio_status=$?
wait "$fleet" || fleet_status=$?
cat "$fleet_log"
rm -f "$fleet_log"
if [ "$radio_status" -ne 0 ] || [ "$fleet_status" -ne 0 ]; then exit 1; fi
