#!/usr/bin/env bash
# npm test: the whole suite, on a fresh machine too. Installs Debian's Chromium
# and PostgreSQL when missing, then: lint, typecheck, unit tests, integration
# tests on SQLite, the same integration tests on PostgreSQL, build, the
# multi-instance test (two app processes and a worker on PostgreSQL), e2e on
# SQLite and again with the app on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1

# In CI (.ci/run: `npm install`, then `npm test`) the install must leave the committed
# package.json and lockfile as they are. If it rewrote them, the committed lockfile is
# incomplete or stale (a missing optional platform package, a range it no longer pins), so a
# fresh clone does not get the tree the suite is about to test: fail here, before anything
# runs, and show what changed. Only in a git checkout (a tarball has nothing to compare with);
# local runs are left alone, where installing a new package on purpose changes both files.
if [ "${CI:-}" = true ] && git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  changed=$(git status --porcelain -- package.json package-lock.json mcp/package.json)
  if [ -n "$changed" ]; then
    {
      echo "npm test: npm install changed the committed package.json or package-lock.json:"
      echo "$changed"
      git --no-pager diff --stat -- package.json package-lock.json mcp/package.json
      echo "Run npm install on a clean checkout and commit the files it changes (README, Developing)."
    } >&2
    exit 1
  fi
fi

apt_updated=0
apt_install() {
  local runner=()
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then runner=(sudo -n); else
      echo "npm test: $* is missing and this user cannot install it (apt-get install -y $*)" >&2; exit 1
    fi
  fi
  if [ "$apt_updated" = 0 ]; then "${runner[@]}" apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive "${runner[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

step() { printf '\n==> %s\n' "$*"; }

[ -x /usr/bin/chromium ] || { step "installing Debian's chromium"; apt_install chromium; }
compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null || { step "installing Debian's postgresql"; apt_install postgresql; }

step "lint";       npm run --silent lint
step "typecheck";  npm run --silent typecheck
step "unit tests"; npx vitest run --project unit

step "integration tests (SQLite)"
npx vitest run --project integration

step "integration tests (PostgreSQL)"
pg_started=0
if [ -z "${TEST_PG_URL:-}" ]; then
  # stop the server afterwards only if this run started it
  npx tsx scripts/lib/local-postgres.ts status || pg_started=1
  TEST_PG_URL=$(npx tsx scripts/lib/local-postgres.ts start)
fi
export TEST_PG_URL
trap '[ "$pg_started" = 1 ] && npx tsx scripts/lib/local-postgres.ts stop || true' EXIT
TEST_DATABASE=postgresql npx vitest run --project integration

step "build";      npm run --silent build
# real app processes need the build (server.ts serves Next in production mode)
step "multi-instance test (PostgreSQL)"
TEST_DATABASE=postgresql npx vitest run --project multiprocess
step "e2e (Debian Chromium)"; npx playwright test
# the same suite once more with the app on PostgreSQL (a fresh database on the test server)
step "e2e on PostgreSQL"; E2E_PG_URL="$TEST_PG_URL" npx playwright test
