#!/usr/bin/env bash
# Throwaway PostgreSQL 15 and Redis 7 on loopback for the scale-out tests (issue 9;
# docs/architecture.md#scale-out). Nothing here is for production: fsync is off, Redis keeps nothing.
#
#   bash scripts/services.sh start          start both (installs them with apt-get when missing);
#                                           prints `export DATABASE_URL=… REDIS_URL=…` lines on stdout
#   bash scripts/services.sh env            the export lines of the running services
#   bash scripts/services.sh stop           stop both and remove their directories
#   bash scripts/services.sh pg-stop        stop PostgreSQL only (fast shutdown), keeping its data
#   bash scripts/services.sh pg-start       start it again on the same port and data
#   bash scripts/services.sh run -- CMD…    start, run CMD with the variables set, then stop what it
#                                           started (whatever CMD did); exits with CMD's status
#
# start and stop are idempotent. The services' ports (55432, 56379 unless VERIFIELD_PG_PORT /
# VERIFIELD_REDIS_PORT say otherwise; the next free one when taken) and directory are recorded in
# $VERIFIELD_SERVICES_STATE (default /tmp/verifield-services.env). initdb refuses to run as
# root, so as root PostgreSQL runs as the `postgres` user the Debian package creates.
set -euo pipefail

# Under /tmp by default, not $TMPDIR: the postgres user must be able to reach the cluster directory.
ROOT_DIR=${VERIFIELD_SERVICES_DIR:-/tmp}
STATE=${VERIFIELD_SERVICES_STATE:-$ROOT_DIR/verifield-services.env}
DB_NAME=verifield
DB_USER=verifield

say() { echo "services: $*" >&2; }
die() {
  say "$*"
  exit 1
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

apt_install() {
  command -v apt-get >/dev/null || die "$* missing and no apt-get to install it"
  say "apt-get install $*"
  if [ -z "${APT_UPDATED:-}" ]; then
    as_root apt-get update -qq >&2
    APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

# The newest PostgreSQL server binaries installed (Debian keeps them out of PATH).
pg_bin() {
  local dir
  for dir in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ]; then
      echo "$dir"
      return
    fi
  done
  if command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then
    pg_config --bindir
    return
  fi
  return 1
}

ensure_installed() {
  if ! pg_bin >/dev/null; then
    apt_install postgresql-15 || apt_install postgresql
  fi
  command -v redis-server >/dev/null || apt_install redis-server
  PG_BIN=$(pg_bin) || die "no PostgreSQL server binaries found after installing"
}

# Runs a PostgreSQL tool as the cluster's owner: `postgres` when we are root.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
  local port=$1
  for _ in $(seq 1 50); do
    if ! port_taken "$port"; then
      echo "$port"
      return
    fi
    port=$((port + 1))
  done
  die "no free port from $1 on"
}

print_env() {
  echo "export DATABASE_URL=postgres://$DB_USER:$DB_USER@127.0.0.1:$PG_PORT/$DB_NAME"
  echo "export REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
  echo "export VERIFIELD_SERVICES_STATE=$STATE"
}

load_state() {
  [ -f "$STATE" ] || return 1
  # shellcheck disable=SC1090
  . "$STATE"
  [ -n "${BASE:-}" ] && [ -d "$BASE" ]
}

pg_ready() { "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" -t 1; }
redis_ready() { [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]; }

pg_start() {
  as_pg "$PG_BIN/pg_ctl" -D "$BASE/pg/data" -l "$BASE/pg/server.log" -w -t 60 \
    -o "-p $PG_PORT -k $BASE/pg -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=300" \
    start >&2
}

pg_stop() {
  if [ -f "$BASE/pg/data/postmaster.pid" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$BASE/pg/data" -m fast -w -t 60 stop >&2 || true
  fi
}

cmd_start() {
  ensure_installed
  if load_state; then
    if pg_ready && redis_ready; then
      say "already running (PostgreSQL :$PG_PORT, Redis :$REDIS_PORT)"
      print_env
      return
    fi
    say "a previous start is only half up: cleaning it first"
    cmd_stop
  fi

  PG_PORT=$(free_port "${VERIFIELD_PG_PORT:-55432}")
  REDIS_PORT=$(free_port "${VERIFIELD_REDIS_PORT:-56379}")
  BASE=$(mktemp -d "$ROOT_DIR/verifield-services.XXXXXX")
  chmod 755 "$BASE"
  mkdir -p "$BASE/pg" "$BASE/redis"
  [ "$(id -u)" = 0 ] && chown postgres: "$BASE/pg"
  printf 'BASE=%q\nPG_PORT=%q\nREDIS_PORT=%q\nPG_BIN=%q\n' "$BASE" "$PG_PORT" "$REDIS_PORT" "$PG_BIN" >"$STATE"

  say "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT ($BASE/pg)"
  as_pg "$PG_BIN/initdb" -D "$BASE/pg/data" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
  pg_start
  as_pg "$PG_BIN/psql" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 \
    -c "CREATE ROLE $DB_USER LOGIN CREATEDB PASSWORD '$DB_USER'" \
    -c "GRANT pg_signal_backend TO $DB_USER" \
    -c "CREATE DATABASE $DB_NAME OWNER $DB_USER" >&2

  say "Redis $(redis-server --version | sed 's/.*v=\([^ ]*\).*/\1/') on 127.0.0.1:$REDIS_PORT"
  redis-server --daemonize yes --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no \
    --dir "$BASE/redis" --logfile "$BASE/redis/redis.log" --pidfile "$BASE/redis/redis.pid" >&2
  for _ in $(seq 1 200); do
    redis_ready && break
    sleep 0.05
  done
  redis_ready || die "Redis did not answer on :$REDIS_PORT (see $BASE/redis/redis.log)"
  print_env
}

cmd_stop() {
  if ! load_state; then
    rm -f "$STATE"
    say "nothing to stop"
    return
  fi
  PG_BIN=${PG_BIN:-$(pg_bin)}
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  if [ -f "$BASE/redis/redis.pid" ]; then kill "$(cat "$BASE/redis/redis.pid")" 2>/dev/null || true; fi
  pg_stop
  rm -rf "$BASE"
  rm -f "$STATE"
  say "stopped"
}

cmd_env() {
  load_state || die "not running (bash scripts/services.sh start)"
  print_env
}

cmd_pg_stop() {
  load_state || die "not running"
  pg_stop
}

cmd_pg_start() {
  load_state || die "not running"
  pg_ready || pg_start
}

cmd_run() {
  [ "${1:-}" = "--" ] && shift
  [ $# -gt 0 ] || die "usage: services.sh run -- COMMAND [ARGS…]"
  local exports
  # Services someone started before (`start` by hand) are reused and left running.
  if (load_state && PG_BIN=$(pg_bin) && pg_ready && redis_ready); then
    exports=$(cmd_start)
  else
    trap cmd_stop EXIT
    exports=$(cmd_start)
  fi
  eval "$exports"
  local status=0
  "$@" || status=$?
  exit "$status"
}

case "${1:-}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  env) cmd_env ;;
  pg-stop) cmd_pg_stop ;;
  pg-start) cmd_pg_start ;;
  run)
    shift
    cmd_run "$@"
    ;;
  *)
    sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
