// npm run bench [-- name ...]: runs every scripts/bench/*.bench.ts (or the named
// ones) in this process, one after the other, and prints their figures and
// target checks. Record the output in docs/benchmarks.md.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { machine, type BenchResult } from "./bench-result";

const dir = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const json = process.argv.includes("--json");
const files = readdirSync(dir)
  .filter((name) => name.endsWith(".bench.ts"))
  .filter((name) => only.length === 0 || only.includes(name.replace(/\.bench\.ts$/, "")))
  .sort();

const results: BenchResult[] = [];
const log = (line: string) => process.stderr.write(`${line}\n`);
log(`machine: ${machine()}`);
for (const file of files) {
  log(`\n== ${file}`);
  const bench = (await import(pathToFileURL(join(dir, file)).href)) as { run: () => Promise<BenchResult> };
  const result = await bench.run();
  results.push(result);
  log(result.description);
  for (const metric of result.metrics)
    log(`  ${metric.label.padEnd(48)} ${String(metric.value).padStart(12)} ${metric.unit}`);
  for (const check of result.checks) {
    log(
      `  [${check.pass ? "met" : "not met"}] ${check.label}: ${check.value} (target ${check.target})${check.note ? ` - ${check.note}` : ""}`,
    );
  }
  for (const note of result.notes ?? []) log(`  note: ${note}`);
}
if (json)
  process.stdout.write(`${JSON.stringify({ machine: machine(), at: new Date().toISOString(), results }, null, 2)}\n`);
const missed = results.flatMap((result) => result.checks).filter((check) => !check.pass);
log(`\n${missed.length ? `${missed.length} target(s) missed` : "all targets met"}`);
process.exit(0);
