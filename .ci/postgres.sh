#!/usr/bin/env bash
# A throw-away PostgreSQL server for tests and benchmarks.
#
#   .ci/postgres.sh start [DIR]  initdb + start on a free port, in DIR or in a new temporary
#                                directory; when DIR already holds a running server, reuses
#                                it. Prints shell lines to eval:
#                                  export REELKIT_TEST_DATABASE_URL=postgres://...
#                                  export REELKIT_TEST_POSTGRES_DIR=/tmp/reelkit-pg.XXXX
#   .ci/postgres.sh stop DIR     stops that server and deletes its directory
#   .ci/postgres.sh pause DIR    stops that server and keeps its data (for outage tests)
#   .ci/postgres.sh resume DIR   starts a paused server again, on the same port
#   .ci/postgres.sh install      installs Debian's postgresql package when initdb is missing
#
# Nothing here is durable: fsync is off and the directory is deleted on stop. As root the
# server runs as the `postgres` user (created when missing), since PostgreSQL refuses root.
set -euo pipefail

log() { echo "postgres.sh: $*" >&2; }

# The newest installed server's binaries, or whatever is on PATH.
find_bindir() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [[ -n "$dir" && -x "$dir/initdb" ]]; then echo "$dir"; return 0; fi
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return 0; fi
  return 1
}

install_server() {
  if find_bindir >/dev/null; then log "PostgreSQL is installed: $(find_bindir)"; return 0; fi
  local sudo=""
  if [[ "$(id -u)" -ne 0 ]]; then sudo="sudo"; fi
  log "installing Debian's postgresql package"
  $sudo apt-get update >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends postgresql >&2
}

# Runs a command as the server's owner: the current user, or `postgres` when root.
as_owner() {
  if [[ "$(id -u)" -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

print_url() {
  echo "export REELKIT_TEST_DATABASE_URL=postgres://reelkit@127.0.0.1:$(cat "$1/port")/postgres"
  echo "export REELKIT_TEST_POSTGRES_DIR=$1"
}

# Starts the server of DIR on PORT. Many test files open pools at once; throw-away data
# needs no durability. The server must not inherit the lock's descriptor, or it would
# hold the lock for its lifetime.
launch() {
  local bindir="$1" dir="$2" port="$3"
  as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start -o \
    "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    >&2 9>&- || {
    cat "$dir/server.log" >&2
    exit 1
  }
}

start_server() {
  local bindir dir="${1:-}" port
  bindir="$(find_bindir)" || { log "initdb not found; run '.ci/postgres.sh install'"; exit 1; }
  if [[ "$(id -u)" -eq 0 ]] && ! id postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  fi
  if [[ -z "$dir" ]]; then
    dir="$(mktemp -d "${TMPDIR:-/tmp}/reelkit-pg.XXXXXX")"
  else
    mkdir -p "$dir"
    # Concurrent test runs share one server per DIR: the first starts it, the others wait
    # for the lock and reuse it.
    exec 9>"$dir.lock"
    flock 9
    if [[ -f "$dir/port" ]] && as_owner "$bindir/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
      print_url "$dir"
      return 0
    fi
    rm -rf "${dir:?}"/*
  fi
  if [[ "$(id -u)" -eq 0 ]]; then chown postgres "$dir"; fi
  chmod 700 "$dir"
  as_owner "$bindir/initdb" -D "$dir/data" -U reelkit --auth=trust --no-sync \
    --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    exit 1
  }
  port="$(free_port)"
  launch "$bindir" "$dir" "$port"
  echo "$port" >"$dir/port"
  log "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on port $port in $dir"
  print_url "$dir"
}

stop_server() {
  local dir="${1:-}" bindir
  if [[ -z "$dir" || ! -d "$dir/data" ]]; then log "no server directory given"; exit 1; fi
  bindir="$(find_bindir)"
  as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >&2 || true
  rm -rf "$dir" "$dir.lock"
}

pause_server() {
  local dir="${1:-}"
  if [[ -z "$dir" || ! -d "$dir/data" ]]; then log "no server directory given"; exit 1; fi
  as_owner "$(find_bindir)/pg_ctl" -D "$dir/data" -m fast -w stop >&2
}

resume_server() {
  local dir="${1:-}"
  if [[ -z "$dir" || ! -f "$dir/port" ]]; then log "no paused server in '$dir'"; exit 1; fi
  launch "$(find_bindir)" "$dir" "$(cat "$dir/port")"
}

case "${1:-}" in
  start) start_server "${2:-}" ;;
  stop) stop_server "${2:-}" ;;
  pause) pause_server "${2:-}" ;;
  resume) resume_server "${2:-}" ;;
  install) install_server ;;
  *)
    echo "usage: $0 start [DIR] | stop DIR | pause DIR | resume DIR | install" >&2
    exit 2
    ;;
esac
