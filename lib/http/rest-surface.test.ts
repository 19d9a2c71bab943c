// The REST surface is declared once: lib/http/rest-surface.ts is the only file of lib/
// and app/ (tests aside) that spells a path under /api/. Everything else takes its paths
// from the table (restPath, surfaceEntry, the router), so a path cannot drift between the
// handlers, the request edge, the MCP server's in-process routes, the hot router, the body
// limits and the OpenAPI document.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { pathParameters } from "./rest-operation";
import { matchRoute } from "./rest-router";
import { REST_SURFACE, restPath, SERVED, surfaceEntry } from "./rest-surface";

const ROOT = join(import.meta.dirname, "..", "..");
const TABLE = "lib/http/rest-surface.ts";

/**
 * A path literal: a string (quoted or a template) that is a path under /api/ or a URL of one:
 * `"/api/ads/campaigns"`, `` `${base}/api/ads/postback` ``, `"/api"`. Prose that names an
 * endpoint inside a longer text (an error message, a field's description) is not a path.
 */
const PATH_LITERAL = /["'`](?:\$\{[^}]*\})?\/api(?:\/|["'`?])/;

/** Files that may hold one, each with its reason: none but the table. */
const ALLOWED: Record<string, string> = {
  [TABLE]: "the table itself",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The lines of code holding a path literal (comments are docs: skipped). */
function pathLiterals(text: string): string[] {
  return text
    .split("\n")
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .filter(({ line }) => PATH_LITERAL.test(line.replace(/\s\/\/\s.*$/, "")))
    .map(({ line, number }) => `${number}: ${line.trim()}`);
}

describe("the REST surface", () => {
  it("is the only file of lib/ and app/ that spells a path under /api/", () => {
    const found: string[] = [];
    for (const dir of ["lib", "app"])
      for (const file of sourceFiles(join(ROOT, dir))) {
        const name = relative(ROOT, file);
        if (name in ALLOWED) continue;
        for (const line of pathLiterals(readFileSync(file, "utf8"))) found.push(`${name}:${line}`);
      }
    expect(found, "take the path from lib/http/rest-surface.ts (restPath)").toEqual([]);
    // the check sees what it looks for
    expect(pathLiterals(readFileSync(join(ROOT, TABLE), "utf8")).length).toBeGreaterThan(20);
    expect(pathLiterals("const url = `${base}/api/ads/postback?${query}`;")).toHaveLength(1);
    expect(
      pathLiterals('// GET /api/ads/campaigns: list\nconst text = "exchange it at POST /api/auth/token";'),
    ).toEqual([]);
  });

  it("serves each method of a path once, and names each entry once", () => {
    const keys = SERVED.map((entry) => `${entry.method} ${entry.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const names = SERVED.map((entry) => (entry.serve === "operation" ? entry.operation.name : entry.doc.operationId));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(surfaceEntry(name).path).toBe(restPath(name));
    expect(REST_SURFACE.length).toBeGreaterThan(SERVED.length);
  });

  it("has every operation it serves declare the schema of its answer (the OpenAPI document's)", () => {
    const undeclared = SERVED.flatMap((entry) =>
      entry.serve === "operation"
        ? [entry.operation, ...(entry.shape.preview ? [entry.shape.preview.operation] : [])]
            .filter((operation) => !operation.output)
            .map((operation) => operation.name)
        : [],
    );
    expect(undeclared).toEqual([]);
  });

  it("routes a request's path to its entry, parameters decoded by the template's names", () => {
    expect(pathParameters("/api/ads/webhooks/{id}/deliveries/{delivery_id}/retry")).toEqual(["id", "delivery_id"]);
    const match = matchRoute("/api/ads/webhooks/whk%201/deliveries/whd_2/retry");
    expect(match?.route.path).toBe(restPath("retryWebhookDelivery"));
    expect(match?.params).toEqual({ id: "whk 1", delivery_id: "whd_2" });
    // a static path wins over a parameter, a parameter over a tail
    expect(matchRoute(restPath("obtainAccessToken"))?.route.path).toBe(restPath("obtainAccessToken"));
    expect(matchRoute("/api/auth/callback/credentials")?.params).toEqual({ nextauth: "callback/credentials" });
    expect(matchRoute("/api/ads/campaigns/cmp_1/nope")).toBeNull();
  });
});
