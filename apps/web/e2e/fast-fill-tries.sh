#!/usr/bin/env bash
# Counts the tries in which a form lost what was filled the moment it showed: TRIES tries of each
# form of e2e/fast-fill.spec.ts (default 100), on a desktop and on a phone with a 4x slower CPU.
# Not part of the test command (it takes hours at 100 tries). Build the apps first
# (`pnpm turbo run build --filter=@fansite/web...`); extra arguments go to Playwright
# (`-g "sign in"` for one form).
set -uo pipefail
cd "$(dirname "$0")/.."
tries="${TRIES:-100}"
for profile in desktop phone; do
  echo "== ${profile}: ${tries} tries per form"
  FAST_FILL_TRIES="$tries" FAST_FILL_PROFILE="$profile" \
    pnpm exec playwright test e2e/fast-fill.spec.ts --reporter=line "$@" 2>&1 |
    grep 'tries lost input'
done
