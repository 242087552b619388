#!/usr/bin/env bash
# The integration tests use a real PostgreSQL (127.0.0.1:5432) and Redis
# (127.0.0.1:6379). Start them when they are installed but stopped; say clearly
# when they are missing.
set -uo pipefail

pg_up() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }
redis_up() { (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; }

if ! pg_up && command -v pg_ctlcluster >/dev/null 2>&1; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
fi
if ! redis_up && command -v redis-server >/dev/null 2>&1; then
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no || true
fi
for _ in $(seq 1 30); do pg_up && redis_up && exit 0; sleep 1; done
pg_up || echo "PostgreSQL is not reachable on 127.0.0.1:5432: the store's PostgreSQL tests need it (SKIP_POSTGRES_TESTS=1 skips them)" >&2
redis_up || echo "Redis is not reachable on 127.0.0.1:6379: the scale-out tests need it" >&2
exit 0
