#!/usr/bin/env bash
# The fleet test (docs/fleet.md): the built server as a small fleet on one machine, each "host" a
# network namespace joined by a bridge, with deploy/nginx/fansite.conf in front:
#
#   db      10.77.0.2  PostgreSQL (a cluster of its own, in a temporary folder)
#   app1    10.77.0.3  SERVE=api,web   :8080
#   app2    10.77.0.4  SERVE=api,web   :8080
#   radio   10.77.0.5  SERVE=fm,sites  :8081, pages from API_URL=http://10.77.0.3:8080
#   proxy   10.77.0.6  nginx, TLS on :443
#   client  10.77.0.7  the journeys (fleet/journeys.test.ts), and the fake community chat
#
# Needs root (namespaces), nginx, iproute2 and PostgreSQL (scripts/lib/ensure.sh installs them),
# the built server and apps, and the Firebase Auth emulator on 127.0.0.1:9099 (started when absent).
# Everything it makes (namespaces, processes, the temporary folder) goes on every exit.
set -euo pipefail
cd "$(dirname "$0")/.."
API_DIR=$PWD
REPO_ROOT=$(cd ../.. && pwd)

now() { date +%s.%N; }
seconds() { awk -v from="$1" -v to="$2" 'BEGIN { printf "%.1f", to - from }'; }
say() { printf '[fleet] %s\n' "$*"; }

STARTED=$(now)
RUN="fl$$"
NET_NS="$RUN-net"
declare -A ADDRESS=([db]=10.77.0.2 [app1]=10.77.0.3 [app2]=10.77.0.4 [radio]=10.77.0.5 [proxy]=10.77.0.6 [client]=10.77.0.7)
HOSTS=(db app1 app2 radio proxy client)
WORK=$(mktemp -d /tmp/fansite-fleet.XXXXXX)
chmod 755 "$WORK"
PIDS=()
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
PG_DATA="$WORK/pg/data"
EMULATOR_PID=''

in_ns() {
  local host=$1
  shift
  ip netns exec "$RUN-$host" "$@"
}
# Starts a command on a host in the background. `$!` is then the command's own process (ip netns
# exec and env replace themselves with it), so that it can be stopped, or killed, by that id.
spawn_in() {
  local host=$1
  shift
  ip netns exec "$RUN-$host" "$@" &
}
as_postgres() { runuser -u postgres -- "$@"; }
pg_ctl_fleet() { in_ns db runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$WORK/pg/log" "$@"; }

cleanup() {
  local status=$?
  local teardown_started
  teardown_started=$(now)
  set +e
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; done
  [ -f "$WORK/nginx/nginx.pid" ] && kill "$(cat "$WORK/nginx/nginx.pid")" 2>/dev/null
  [ -f "$PG_DATA/postmaster.pid" ] && pg_ctl_fleet stop -m immediate >/dev/null 2>&1
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null; done
  [ -n "$EMULATOR_PID" ] && kill -- "-$EMULATOR_PID" 2>/dev/null
  # Whatever still runs on a host would outlive its namespace: nothing may.
  for host in "${HOSTS[@]}"; do
    ip netns pids "$RUN-$host" 2>/dev/null | xargs -r kill -9 2>/dev/null
    ip netns del "$RUN-$host" 2>/dev/null
  done
  ip netns del "$NET_NS" 2>/dev/null
  rm -rf "/etc/netns/$RUN-client"
  if [ "$status" -ne 0 ]; then
    for log in "$WORK"/*.log "$WORK/nginx/error.log" "$WORK/pg/log"; do
      [ -s "$log" ] && { echo "--- $log (last lines)"; tail -n 8 "$log" | cut -c 1-400; }
    done
  fi
  rm -rf "$WORK"
  say "teardown $(seconds "$teardown_started" "$(now)") s"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ "$(id -u)" -ne 0 ]; then
  echo "The fleet test builds network namespaces: run it as root." >&2
  exit 1
fi
for file in dist/server.js ../web/dist/index.html ../fm/dist/index.html ../sites/dist/index.html; do
  if [ ! -f "$file" ]; then
    echo "The fleet runs the built server and apps: $file is missing (pnpm turbo run build)." >&2
    exit 1
  fi
done

# The network: a bridge in a namespace of its own, one veth pair per host.
ip netns add "$NET_NS"
ip -n "$NET_NS" link add br0 type bridge
ip -n "$NET_NS" link set br0 up
for host in "${HOSTS[@]}"; do
  ip netns add "$RUN-$host"
  ip -n "$RUN-$host" link set lo up
  ip link add eth0 netns "$RUN-$host" type veth peer name "$host" netns "$NET_NS"
  ip -n "$NET_NS" link set "$host" master br0 up
  ip -n "$RUN-$host" addr add "${ADDRESS[$host]}/24" dev eth0
  ip -n "$RUN-$host" link set eth0 up
done

# The client resolves the public names to the proxy (ip netns exec mounts this over /etc/hosts).
mkdir -p "/etc/netns/$RUN-client"
{
  echo "127.0.0.1 localhost"
  for brand in nightcore slowedreverb; do
    echo "${ADDRESS[proxy]} $brand.example www.$brand.example fm.$brand.example alice.$brand.example bob.$brand.example"
  done
} >"/etc/netns/$RUN-client/hosts"

# PostgreSQL on the db host.
mkdir -p "$WORK/pg"
echo fleet >"$WORK/pg/password"
chown -R postgres "$WORK/pg"
as_postgres "$PG_BIN/initdb" -D "$PG_DATA" -U fleet --pwfile="$WORK/pg/password" \
  -A scram-sha-256 >/dev/null
echo "host all all 10.77.0.0/24 scram-sha-256" >>"$PG_DATA/pg_hba.conf"
cat >>"$PG_DATA/postgresql.conf" <<EOF
listen_addresses = '${ADDRESS[db]}'
unix_socket_directories = '$WORK/pg'
fsync = off
EOF
pg_ctl_fleet -w start >/dev/null
DATABASE_URL="postgres://fleet:fleet@${ADDRESS[db]}:5432/postgres"

# The machine's Firebase Auth emulator, reached through a Unix socket from each host that checks
# sign-ins (the servers) or signs in (the client).
if ! curl -sf http://127.0.0.1:9099/ >/dev/null; then
  setsid bash "$REPO_ROOT/scripts/lib/firebase-emulator.sh" >"$WORK/emulator.log" 2>&1 &
  EMULATOR_PID=$!
  for _ in $(seq 1 120); do curl -sf http://127.0.0.1:9099/ >/dev/null && break; sleep 0.5; done
fi
node fleet/forward.js unix "$WORK/auth.sock" tcp 127.0.0.1:9099 >/dev/null &
PIDS+=($!)
for host in app1 app2 radio client; do
  spawn_in "$host" node fleet/forward.js tcp 127.0.0.1:9099 unix "$WORK/auth.sock"
  PIDS+=($!)
done

# The fake community chat, where the channel of the day is announced.
touch "$WORK/announcements"
spawn_in client node fleet/fake-discord.js "${ADDRESS[client]}:9000" "$WORK/announcements"
PIDS+=($!)

# The servers. They trust the proxy's X-Forwarded-* (and the radio host's, whose pages read them).
METRICS_TOKEN=$(openssl rand -hex 32)
server_env=(
  NODE_ENV=test LOG_LEVEL=warn DATABASE_URL="$DATABASE_URL" HOST=0.0.0.0
  PUBLIC_URL=https://nightcore.example,https://slowedreverb.example
  TRUST_PROXY="${ADDRESS[proxy]},${ADDRESS[radio]}" METRICS_TOKEN="$METRICS_TOKEN"
  FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 SHUTDOWN_DRAIN_MS=0
  DISCORD_ANNOUNCE_WEBHOOK_URL="http://${ADDRESS[client]}:9000/webhook"
  MAKER_DAILY_LIMIT=1000 PROMOTION_TICK_MS=1000
)
start_server() {
  local host=$1 port=$2
  shift 2
  spawn_in "$host" env "${server_env[@]}" PORT="$port" "$@" \
    node --enable-source-maps dist/server.js >"$WORK/$host.log" 2>&1
  PIDS+=($!)
  echo $! >"$WORK/$host.pid"
}
wait_ready() {
  local host=$1 port=$2
  for _ in $(seq 1 240); do
    if in_ns client curl -sf "http://${ADDRESS[$host]}:$port/api/v1/health/ready" >/dev/null; then
      return 0
    fi
    if ! kill -0 "$(cat "$WORK/$host.pid")" 2>/dev/null; then
      echo "The $host server stopped while starting." >&2
      return 1
    fi
    sleep 0.25
  done
  echo "The $host server did not start in 60 s." >&2
  return 1
}
# The first server migrates the database and loads the demo catalogue; the others start on it.
start_server app1 8080 SERVE=api,web DEMO_CATALOGUE=true
wait_ready app1 8080
start_server app2 8080 SERVE=api,web
start_server radio 8081 SERVE=fm,sites API_URL="http://${ADDRESS[app1]}:8080"

# The proxy: deploy/nginx/fansite.conf as it is, with this fleet's upstreams, hosts and certificate.
mkdir -p "$WORK/nginx/fansite"
sed "s#/var/log/nginx/fansite.log#$WORK/nginx/access.log#" "$REPO_ROOT/deploy/nginx/fansite.conf" \
  >"$WORK/nginx/fansite.conf"
cp "$REPO_ROOT/deploy/nginx/fansite/hosts.map" "$WORK/nginx/fansite/"
sed -e "s/10.0.0.11:8080/${ADDRESS[app1]}:8080/; s/10.0.0.12:8080/${ADDRESS[app2]}:8080/" \
  -e "s/10.0.0.12:8081/${ADDRESS[radio]}:8081/" \
  "$REPO_ROOT/deploy/nginx/fansite/upstreams.conf" >"$WORK/nginx/fansite/upstreams.conf"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=nightcore.example \
  -addext "subjectAltName=DNS:nightcore.example,DNS:*.nightcore.example,DNS:slowedreverb.example,DNS:*.slowedreverb.example" \
  -keyout "$WORK/nginx/key.pem" -out "$WORK/nginx/cert.pem" 2>/dev/null
printf 'ssl_certificate %s;\nssl_certificate_key %s;\n' "$WORK/nginx/cert.pem" "$WORK/nginx/key.pem" \
  >"$WORK/nginx/fansite/tls.conf"
cat >"$WORK/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path $WORK/nginx/body;
  proxy_temp_path $WORK/nginx/proxy;
  fastcgi_temp_path $WORK/nginx/fastcgi;
  uwsgi_temp_path $WORK/nginx/uwsgi;
  scgi_temp_path $WORK/nginx/scgi;
  include fansite.conf;
}
EOF
in_ns proxy nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf"

wait_ready app2 8080
wait_ready radio 8081
JOURNEYS_STARTED=$(now)
say "start $(seconds "$STARTED" "$JOURNEYS_STARTED") s"

# The journeys, from the client host through the proxy's names.
in_ns client env \
  NODE_EXTRA_CA_CERTS="$WORK/nginx/cert.pem" FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 \
  FLEET_APP1="http://${ADDRESS[app1]}:8080" FLEET_APP2="http://${ADDRESS[app2]}:8080" \
  FLEET_RADIO="http://${ADDRESS[radio]}:8081" FLEET_DATABASE_URL="$DATABASE_URL" \
  FLEET_METRICS_TOKEN="$METRICS_TOKEN" FLEET_ANNOUNCEMENTS="$WORK/announcements" \
  FLEET_APP2_PID="$(cat "$WORK/app2.pid")" \
  FLEET_PG_STOP="ip netns exec $RUN-db runuser -u postgres -- $PG_BIN/pg_ctl -D $PG_DATA -m fast -w stop" \
  FLEET_PG_START="ip netns exec $RUN-db runuser -u postgres -- $PG_BIN/pg_ctl -D $PG_DATA -l $WORK/pg/log -w start" \
  node --import tsx --test --test-reporter=spec fleet/journeys.test.ts
say "journeys $(seconds "$JOURNEYS_STARTED" "$(now)") s"
