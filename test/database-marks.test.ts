// The PostgreSQL pass runs the integration files marked `// both databases:` (scripts/lib/database-marks.mjs).
// These checks keep the marks honest: a file that reaches raw SQL or a store itself (in its own code or
// through a module it imports) carries a mark, and every raw-SQL or store module of lib/ is reached by a
// marked file, so each runs on both databases.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module, shared with scripts/test.sh
import { integrationFiles } from "../scripts/lib/database-marks.mjs";

type Marked = { path: string; mark: "both" | "sqlite" | null; reason: string };

const root = join(__dirname, "..");
const RAW_SQL = /\$queryRaw|\$executeRaw|queryRawUnsafe|executeRawUnsafe|\b(client|pool|handle)\.query\(|\.prepare\(/;

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? join(root, specifier.slice(2))
    : specifier.startsWith(".")
      ? join(dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const importCache = new Map<string, string[]>();
function importsOf(file: string): string[] {
  let imports = importCache.get(file);
  if (!imports) {
    const source = readFileSync(file, "utf8");
    imports = [...source.matchAll(/(?:from|import|mock)\s*\(?\s*["']([^"']+)["']/g)]
      .map((match) => resolveImport(file, match[1]!))
      .filter((path): path is string => path !== null);
    importCache.set(file, imports);
  }
  return imports;
}

/** A module that speaks SQL itself, or a store. */
function isRawSql(file: string): boolean {
  return RAW_SQL.test(readFileSync(file, "utf8")) || /\/store\//.test(relative(root, file));
}

const files = integrationFiles(root) as Marked[];

describe("the integration files' database marks", () => {
  it("are on every file that reaches raw SQL or a store in its own code or an import", () => {
    const unmarked = files
      .filter((file) => !file.mark)
      .filter((file) => {
        const path = join(root, file.path);
        return isRawSql(path) || importsOf(path).some(isRawSql);
      })
      .map((file) => file.path);
    expect(unmarked, "mark them `// both databases: <why>` on their first line").toEqual([]);
  });

  it("give a reason", () => {
    expect(files.filter((file) => file.mark && file.reason.length < 5).map((file) => file.path)).toEqual([]);
  });

  it("run every raw-SQL module and store of lib/ on both databases: a marked file reaches each", () => {
    const modules = execFileSync("git", ["ls-files", "lib/*.ts"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter((path) => path && !path.endsWith(".test.ts") && isRawSql(join(root, path)));
    expect(modules.length).toBeGreaterThan(10);
    const reached = new Set<string>();
    const stack = files.filter((file) => file.mark === "both").map((file) => join(root, file.path));
    while (stack.length) {
      const file = stack.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      stack.push(...importsOf(file));
    }
    expect(modules.filter((path) => !reached.has(join(root, path)))).toEqual([]);
  });
});
