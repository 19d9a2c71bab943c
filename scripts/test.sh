#!/usr/bin/env bash
# npm test: the whole suite, on a fresh machine too (docs/development.md, "The suite").
# Installs Debian's Chromium and PostgreSQL when missing (in the background, while
# lint and the type check run), then: lint and typecheck side by side, unit tests,
# the build, integration tests on SQLite and the database's own again on PostgreSQL, the multi-instance test
# (two app processes and a worker on PostgreSQL), e2e on SQLite and the database
# specs again with the app on PostgreSQL. Prints each step's time, the total, and
# the tests run per database.
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

results=$(mktemp -d)
started=$SECONDS
timings=()
# `step NAME COMMAND...`: runs the command, prints how long it took (a failed step too)
step() {
  local name=$1 t0=$SECONDS status=0
  shift
  printf '\n==> %s\n' "$name"
  "$@" || status=$?
  timings+=("$(printf '%-32s %4ds%s' "$name" $((SECONDS - t0)) "$([ $status = 0 ] || echo "  FAILED")")")
  [ $status = 0 ] || exit $status
}
pg_started=0
# at the end, passed or not: the times, the counts, the local PostgreSQL stopped if this run started it
finish() {
  local status=$?
  printf '\n==> times\n'
  printf '  %s\n' "${timings[@]}"
  printf '  %-32s %4ds\n' "total" $((SECONDS - started))
  printf '\n==> tests run\n'
  node scripts/lib/test-counts.mjs "$results" || true
  rm -rf "$results"
  if [ "$pg_started" = 1 ]; then npx tsx scripts/lib/local-postgres.ts stop || true; fi
  exit $status
}
trap finish EXIT

# ---- Debian's Chromium and PostgreSQL, installed in the background when missing
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null || missing+=(postgresql)
install_pid=
if [ ${#missing[@]} -gt 0 ]; then
  runner=()
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then runner=(sudo -n); else
      echo "npm test: ${missing[*]} missing and this user cannot install it (apt-get install -y ${missing[*]})" >&2
      exit 1
    fi
  fi
  printf '==> installing Debian'"'"'s %s (in the background)\n' "${missing[*]}"
  (
    "${runner[@]}" apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive "${runner[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
  ) >"$results/apt.log" 2>&1 &
  install_pid=$!
fi
await_install() {
  [ -n "$install_pid" ] || return 0
  local t0=$SECONDS
  if ! wait "$install_pid"; then
    cat "$results/apt.log" >&2
    echo "npm test: installing ${missing[*]} failed" >&2
    exit 1
  fi
  install_pid=
  timings+=("$(printf '%-32s %4ds' "waiting for the install" $((SECONDS - t0)))")
}

# ---- lint and the type check side by side (one core each)
lint_and_typecheck() {
  npm run --silent lint >"$results/lint.log" 2>&1 &
  local lint=$!
  npm run --silent typecheck >"$results/typecheck.log" 2>&1 &
  local typecheck=$!
  local failed=0
  wait $lint || { cat "$results/lint.log"; echo "lint failed"; failed=1; }
  wait $typecheck || { cat "$results/typecheck.log"; echo "typecheck failed"; failed=1; }
  return $failed
}

# a vitest run that also writes its JSON report (the counts at the end)
vitest() {
  local report=$1
  shift
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$results/$report.json"
}

step "lint and typecheck" lint_and_typecheck
step "unit tests" vitest unit --project unit
# the type check just ran: the build does not repeat it (next.config.js); every later step uses this build
step "build" env SMA_BUILD_SKIP_TYPECHECK=1 npm run --silent build
step "integration tests (SQLite)" vitest integration-sqlite --project integration

await_install
if [ -z "${TEST_PG_URL:-}" ]; then
  # stop the server afterwards only if this run started it
  npx tsx scripts/lib/local-postgres.ts status || pg_started=1
  TEST_PG_URL=$(npx tsx scripts/lib/local-postgres.ts start)
fi
export TEST_PG_URL
export TEST_DATABASE=postgresql
# the files whose behaviour depends on the database, marked `// both databases:` (scripts/lib/database-marks.mjs)
mapfile -t both_databases < <(node scripts/lib/database-marks.mjs)
step "integration tests (PostgreSQL)" vitest integration-postgresql --project integration "${both_databases[@]}"
step "multi-instance test (PostgreSQL)" vitest multiprocess --project multiprocess
unset TEST_DATABASE
step "e2e (SQLite)" env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e-sqlite.json" npx playwright test --reporter=list,json
# the database specs once more with the app on PostgreSQL (a fresh database on the test server; playwright.config.ts)
step "e2e (PostgreSQL)" env E2E_PG_URL="$TEST_PG_URL" PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e-postgresql.json" \
  npx playwright test --reporter=list,json
