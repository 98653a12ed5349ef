# Installs what the start and test commands need when the machine lacks it.
# Sourced by scripts/start.sh and scripts/test.sh; every function is idempotent.

PNPM_VERSION=12.21.0

# No tool announces or sends usage telemetry, or checks for its own updates, from these commands.
export TURBO_TELEMETRY_DISABLED=1 STORYBOOK_DISABLE_TELEMETRY=1 DO_NOT_TRACK=1 NO_UPDATE_NOTIFIER=1

log() { printf '\033[1m==> %s\033[0m\n' "$*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

apt_updated=false
apt_install() {
  if [ "$apt_updated" = false ]; then
    as_root apt-get update -qq
    apt_updated=true
  fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

ensure_node() {
  if ! command -v node >/dev/null; then
    echo "Node.js 20 or newer is required: install it first." >&2
    exit 1
  fi
}

ensure_pnpm() {
  ensure_node
  if ! command -v pnpm >/dev/null || [ "$(pnpm --version)" != "$PNPM_VERSION" ]; then
    log "Installing pnpm $PNPM_VERSION"
    as_root npm install -g --silent "pnpm@$PNPM_VERSION"
  fi
}

ensure_dependencies() {
  ensure_pnpm
  log "Installing packages"
  pnpm install --frozen-lockfile --reporter=append-only | tail -n 3
}

# The tests drive Chromium's headless shell (Debian's chromium-headless-shell), the build of
# Chromium Playwright itself runs headless: no browser window machinery, about a fifth less CPU
# per end-to-end test than the full browser in its headless mode (docs/end-to-end.md).
ensure_test_browser() {
  if ! command -v chromium-headless-shell >/dev/null; then
    log "Installing Chromium's headless shell (Debian package chromium-headless-shell)"
    apt_install chromium-headless-shell
  fi
}

ensure_ffmpeg() {
  if ! command -v ffmpeg >/dev/null; then
    log "Installing ffmpeg (Debian package)"
    apt_install ffmpeg
  fi
}

# The fleet test (apps/api/fleet/fleet.sh) builds network namespaces (iproute2) and puts nginx in
# front of them; it starts a PostgreSQL cluster of its own from the installed server's binaries.
ensure_fleet_tools() {
  if ! command -v ip >/dev/null; then
    log "Installing iproute2 (Debian package)"
    apt_install iproute2
  fi
  if ! command -v nginx >/dev/null; then
    log "Installing nginx (Debian package nginx-light)"
    apt_install nginx-light
    # Debian starts the packaged site on port 80; the fleet runs its own nginx, nothing else.
    as_root service nginx stop >/dev/null 2>&1 || true
  fi
  if ! compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; then
    log "Installing PostgreSQL (Debian package)"
    apt_install postgresql
  fi
  for tool in openssl psql curl; do
    if ! command -v "$tool" >/dev/null; then
      log "Installing $tool (Debian package)"
      apt_install "$( [ "$tool" = psql ] && echo postgresql-client || echo "$tool")"
    fi
  done
}

# Starts the machine's PostgreSQL server (installing it when absent) and sets TEST_DATABASE_URL to
# a role and database that the API tests use to create their own throw-away databases. Everything
# the tools print goes to stderr, so nothing but the URL can end up in the variable.
ensure_test_postgres() {
  local version='' cluster='' status='' port=''
  {
    if ! compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || ! command -v pg_lsclusters >/dev/null; then
      log "Installing PostgreSQL (Debian package)"
      apt_install postgresql
    fi
    read -r version cluster _ status _ < <(pg_lsclusters --no-header | head -n 1) || true
    if [ -z "${version:-}" ]; then
      version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
      cluster=main
      as_root pg_createcluster "$version" "$cluster"
      status=down
    fi
    if [ "$status" != "online" ]; then
      as_root pg_ctlcluster "$version" "$cluster" start
    fi
    port=$(pg_lsclusters --no-header | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $3}')
    as_root runuser -u postgres -- psql -p "$port" -qtAc \
      "DO \$\$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'fansite_test') THEN
         CREATE ROLE fansite_test LOGIN CREATEDB PASSWORD 'fansite_test'; END IF; END\$\$;"
    if ! as_root runuser -u postgres -- psql -p "$port" -qtAc \
      "SELECT 1 FROM pg_database WHERE datname = 'fansite_test'" | grep -q 1; then
      as_root runuser -u postgres -- createdb -p "$port" -O fansite_test fansite_test
    fi
  } >&2
  TEST_DATABASE_URL="postgres://fansite_test:fansite_test@127.0.0.1:$port/fansite_test"
  if ! psql "$TEST_DATABASE_URL" -qtAc 'SELECT 1' >/dev/null; then
    echo "PostgreSQL $version/$cluster on port $port does not accept the test role fansite_test." >&2
    exit 1
  fi
}

# One Firebase Auth emulator for a whole test run, started in the background while the run goes on
# (it takes seconds to come up) and stopped when the calling script exits. The API tests, the
# three apps' end-to-end runs (at once) and the fleet test each reuse one that answers; started
# by each of them instead, the first run to finish would stop it under the others.
AUTH_EMULATOR_URL=http://127.0.0.1:9099/
start_auth_emulator() {
  if curl -sf "$AUTH_EMULATOR_URL" >/dev/null 2>&1; then return; fi
  local emulator_log
  emulator_log=$(mktemp /tmp/fansite-auth-emulator.XXXXXX.log)
  log "Starting the Firebase Auth emulator (its log: $emulator_log)"
  # A process group of its own, so that the exit trap stops firebase-tools and what it spawned.
  setsid bash scripts/lib/firebase-emulator.sh >"$emulator_log" 2>&1 &
  AUTH_EMULATOR_PID=$!
  trap 'kill -- "-$AUTH_EMULATOR_PID" 2>/dev/null || true' EXIT
}

wait_for_auth_emulator() {
  local _
  for _ in $(seq 1 240); do
    if curl -sf "$AUTH_EMULATOR_URL" >/dev/null 2>&1; then return; fi
    sleep 0.5
  done
  echo "The Firebase Auth emulator did not answer at $AUTH_EMULATOR_URL within two minutes." >&2
  exit 1
}
