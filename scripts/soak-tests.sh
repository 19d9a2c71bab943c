#!/usr/bin/env bash
# Soak: runs the integration suites N times on SQLite and N times on PostgreSQL
# and reports every test that failed at least once (file, name, database, how
# many runs it failed). Exit status 1 when anything failed.
#   bash scripts/soak-tests.sh [N=5] [extra vitest arguments, e.g. a file filter]
# PostgreSQL: TEST_PG_URL if set, else the local throwaway server
# (scripts/lib/local-postgres.ts on SMA_PG_PORT), stopped afterwards if this
# script started it.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
runs="${1:-5}"
shift || true
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [N] [vitest args]" >&2; exit 2; }

out=$(mktemp -d "${TMPDIR:-/tmp}/sma-soak-XXXXXX")
pg_started=0
if [ -z "${TEST_PG_URL:-}" ]; then
  npx tsx scripts/lib/local-postgres.ts status >/dev/null 2>&1 || pg_started=1
  TEST_PG_URL=$(npx tsx scripts/lib/local-postgres.ts start)
fi
export TEST_PG_URL
trap '[ "$pg_started" = 1 ] && npx tsx scripts/lib/local-postgres.ts stop >/dev/null || true' EXIT

started=$SECONDS
for run in $(seq 1 "$runs"); do
  for database in sqlite postgresql; do
    t0=$SECONDS
    status=passed
    TEST_DATABASE=$database npx vitest run --project integration --reporter=dot \
      --reporter=json --outputFile.json="$out/$database-$run.json" "$@" >"$out/$database-$run.log" 2>&1 || status=failed
    printf 'run %d/%d %-10s %s in %d s\n' "$run" "$runs" "$database" "$status" $((SECONDS - t0))
  done
done

status=0
node - "$out" "$runs" <<'NODE' || status=$?
const fs = require("node:fs");
const path = require("node:path");
const [dir, runs] = process.argv.slice(2);
const failures = new Map(); // "database | file > test" -> failed runs
let files = 0, tests = 0, missing = [];
for (const name of fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
  const database = name.split("-")[0];
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));
  files++;
  tests += report.numTotalTests;
  for (const file of report.testResults) {
    const rel = path.relative(process.cwd(), file.name);
    // a file that failed outside any test (setup, import, hook) has no failed assertion
    if (file.status === "failed" && !file.assertionResults.some((a) => a.status === "failed")) {
      const key = `${database} | ${rel} > (file: ${String(file.message).split("\n")[0].slice(0, 120)})`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    }
    for (const test of file.assertionResults) {
      if (test.status !== "failed") continue;
      const key = `${database} | ${rel} > ${test.fullName}`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    }
  }
}
for (const database of ["sqlite", "postgresql"])
  for (let run = 1; run <= Number(runs); run++)
    if (!fs.existsSync(path.join(dir, `${database}-${run}.json`))) missing.push(`${database} run ${run}`);
console.log(`\n${files} suite runs, ${tests} test executions`);
if (missing.length) console.log(`no report (the run crashed; see its log): ${missing.join(", ")}`);
if (failures.size === 0 && missing.length === 0) {
  console.log("no test failed in any run");
  process.exit(0);
}
console.log("tests that failed at least once (database | file > test: failed runs of N):");
for (const [key, count] of [...failures].sort()) console.log(`  ${key}: ${count}/${runs}`);
process.exit(1);
NODE
echo "logs and JSON reports: $out (total $((SECONDS - started)) s)"
exit $status
