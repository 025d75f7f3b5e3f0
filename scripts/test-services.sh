#!/usr/bin/env bash
# Start the services the test suite talks to: a PostgreSQL server and a Redis server on
# loopback, and a Chromium binary for the browser tests. Idempotent and quick once everything is in place.
#
# As root (CI) it installs what is missing with apt-get. As an ordinary user it installs
# nothing; it starts PostgreSQL if the binaries are there, and the tests that need a missing
# service are skipped (outside CI) with a message saying so.
#
# The tests find the server through HONEYMOON_TEST_POSTGRES_URL, whose default matches what
# this script sets up: postgresql+psycopg://honeymoon:honeymoon@127.0.0.1:54329/honeymoon_test;
# and Redis through HONEYMOON_TEST_REDIS_URL, default redis://127.0.0.1:63799/0. The tests that
# restart Redis start their own redis-server (found on the PATH, or HONEYMOON_TEST_REDIS_SERVER).
set -euo pipefail

PG_PORT="${HONEYMOON_TEST_PG_PORT:-54329}"
PG_DATA="${HONEYMOON_TEST_PG_DATA:-/tmp/honeymoon-test-pg}"
PG_ROLE=honeymoon
PG_PASSWORD=honeymoon
PG_DATABASE=honeymoon_test
REDIS_PORT="${HONEYMOON_TEST_REDIS_PORT:-63799}"
REDIS_DIR="${HONEYMOON_TEST_REDIS_DIR:-/tmp/honeymoon-test-redis}"

is_root() { [ "$(id -u)" -eq 0 ]; }

find_pg_bin() {
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
            echo "$dir"
            return 0
        fi
    done
    return 1
}

missing=()
find_pg_bin >/dev/null || missing+=(postgresql)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v redis-server >/dev/null || missing+=(redis-server)
if [ "${#missing[@]}" -gt 0 ]; then
    if is_root && command -v apt-get >/dev/null; then
        echo "test-services: installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "test-services: missing ${missing[*]}; run this script as root to install them" >&2
    fi
fi

redis_ready() {
    command -v redis-cli >/dev/null &&
        [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = "PONG" ]
}
if command -v redis-server >/dev/null; then
    if ! redis_ready; then
        mkdir -p "$REDIS_DIR"
        # No persistence: the tests' notices are fleeting by design.
        redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes --save "" \
            --appendonly no --dir "$REDIS_DIR" --pidfile "$REDIS_DIR/redis.pid" \
            --logfile "$REDIS_DIR/redis.log"
        for _ in $(seq 50); do redis_ready && break; sleep 0.1; done
    fi
    echo "test-services: Redis on 127.0.0.1:$REDIS_PORT"
else
    echo "test-services: no redis-server; the tests of several nodes will not run" >&2
fi

PG_BIN="$(find_pg_bin || true)"
if [ -z "$PG_BIN" ]; then
    echo "test-services: no PostgreSQL binaries; the PostgreSQL tests will not run" >&2
    exit 0
fi

# initdb and the server refuse to run as root: run them as the postgres user then.
as_pg() {
    if is_root; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

ready() { "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; }

if ! ready; then
    if [ ! -f "$PG_DATA/PG_VERSION" ]; then
        mkdir -p "$PG_DATA"
        if is_root; then chown postgres:postgres "$PG_DATA"; fi
        chmod 700 "$PG_DATA"
        as_pg "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth-local=trust \
            --auth-host=scram-sha-256 --encoding=UTF8 --no-locale >/dev/null
    fi
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DATA/server.log" -w -t 30 \
        -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DATA -c fsync=off" start >/dev/null
fi

psql_admin() {
    as_pg "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$PG_DATA" -p "$PG_PORT" -U postgres \
        -d postgres "$@"
}

if [ "$(psql_admin -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$PG_ROLE'")" != "1" ]; then
    psql_admin -c "CREATE ROLE $PG_ROLE LOGIN CREATEDB PASSWORD '$PG_PASSWORD'"
fi
if [ "$(psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = '$PG_DATABASE'")" != "1" ]; then
    psql_admin -c "CREATE DATABASE $PG_DATABASE OWNER $PG_ROLE"
fi
echo "test-services: PostgreSQL on 127.0.0.1:$PG_PORT, database $PG_DATABASE"
