// Which integration files run on PostgreSQL too (docs/development.md, "The suite"). Every
// integration file runs on SQLite; a file whose behaviour depends on the database (stores, raw
// SQL, migrations, locks, rollups, reporting plans, rate limits, history, workers, text matched or
// ordered) says so on its first line, `// both databases: <why>`, and scripts/test.sh runs it
// again on PostgreSQL. `// SQLite only: <why>` marks a file about SQLite itself.
// test/database-marks.test.ts keeps the marks honest. Run as a script, it prints the marked files.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

export const BOTH = "// both databases:";
export const SQLITE_ONLY = "// SQLite only:";

/** The integration files with their mark: "both", "sqlite" or null. */
export function integrationFiles(root = process.cwd()) {
  return execFileSync("git", ["ls-files", "*.int.test.ts"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((path) => {
      const first = readFileSync(`${root}/${path}`, "utf8").split("\n", 1)[0];
      const mark = first.startsWith(BOTH) ? "both" : first.startsWith(SQLITE_ONLY) ? "sqlite" : null;
      return { path, mark, reason: mark ? first.slice((mark === "both" ? BOTH : SQLITE_ONLY).length).trim() : "" };
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of integrationFiles()) if (file.mark === "both") console.log(file.path);
}
