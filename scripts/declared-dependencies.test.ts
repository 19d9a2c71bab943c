// Every package the code imports is declared in package.json (a transitive
// dependency can vanish with any upgrade of its parent), and every declared
// package runs on the Node versions the project promises (`engines.node`): no
// EBADENGINE warning about our own dependencies at `npm install`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  workspaces?: string[];
};
type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
const names = (manifest: Manifest) => [
  ...Object.keys(manifest.dependencies ?? {}),
  ...Object.keys(manifest.devDependencies ?? {}),
];
const declared = new Set(names(pkg));
const mcpPkg = JSON.parse(readFileSync(join(root, "mcp", "package.json"), "utf8")) as Manifest;
const SOURCE_DIRS = ["app", "components", "lib", "scripts", "test", "e2e", "prisma"];
const SOURCE_FILES = ["server.ts", "next.config.js", "playwright.config.ts", "vitest.config.ts", "eslint.config.mjs"];
const SKIP = new Set(["node_modules", "generated", ".next", "dist"]);

function sources(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (SKIP.has(name)) return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(m?[jt]sx?)$/.test(name) ? [path] : [];
  });
}

/** "pkg" or "@scope/pkg" of a bare import specifier, or null for relative, alias and node: imports. */
function packageOf(specifier: string): string | null {
  if (/^(\.|\/|@\/|node:|bun:)/.test(specifier) || specifier.includes("${")) return null;
  if (builtinModules.includes(specifier.split("/")[0]!)) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  const pattern =
    /(?:^|[^.\w])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|(?:import|require)\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;
  for (const match of text.matchAll(pattern)) found.push((match[1] ?? match[2] ?? match[3])!);
  return found;
}

describe("declared dependencies", () => {
  /** Imports of `files` whose package `allowed` lacks: package -> first file importing it. */
  function undeclared(files: readonly string[], allowed: ReadonlySet<string>): Record<string, string> {
    const missing = new Map<string, string>();
    for (const file of files) {
      for (const specifier of importsOf(file)) {
        const name = packageOf(specifier);
        if (name && !allowed.has(name) && !missing.has(name)) missing.set(name, relative(root, file));
      }
    }
    return Object.fromEntries(missing);
  }

  it("every package the app imports is in package.json", () => {
    const files = [
      ...SOURCE_DIRS.flatMap((dir) => sources(join(root, dir))),
      ...SOURCE_FILES.map((file) => join(root, file)),
      ...sources(join(root, "mcp", "test")),
    ];
    expect(files.length).toBeGreaterThan(100);
    expect(undeclared(files, declared)).toEqual({});
  });

  it("every package the MCP package imports is in mcp/package.json (it is published alone)", () => {
    // its unit tests (*.test.ts) are not published; they run with the root's vitest
    const files = sources(join(root, "mcp", "src")).filter((file) => !file.endsWith(".test.ts"));
    expect(files.length).toBeGreaterThan(10);
    expect(undeclared(files, new Set(names(mcpPkg)))).toEqual({});
  });

  it("every declared package supports the project's Node versions", () => {
    const floor = semver.minVersion(pkg.engines.node)!.version;
    const unsupported: string[] = [];
    for (const name of declared) {
      const manifest = JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as {
        engines?: { node?: string };
      };
      const range = manifest.engines?.node;
      if (range && !semver.satisfies(floor, range)) unsupported.push(`${name}: node ${range}`);
    }
    expect(unsupported).toEqual([]);
  });
});
