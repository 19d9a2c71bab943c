// The tests each step of scripts/test.sh ran, from the JSON reports in the folder it is given:
// vitest's (<step>.json) and Playwright's (e2e-<database>.json).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const folder = process.argv[2];
for (const file of readdirSync(folder)
  .filter((name) => name.endsWith(".json"))
  .sort()) {
  const report = JSON.parse(readFileSync(join(folder, file), "utf8"));
  const name = file.replace(/\.json$/, "");
  if (report.stats) {
    // Playwright: expected (passed), unexpected (failed), flaky (passed on retry), skipped
    const { expected, unexpected, flaky, skipped } = report.stats;
    console.log(
      `  ${name.padEnd(24)} ${expected + flaky} passed${flaky ? ` (${flaky} on retry)` : ""}, ${unexpected} failed, ${skipped} skipped`,
    );
  } else {
    console.log(
      `  ${name.padEnd(24)} ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`,
    );
  }
}
