// The operation catalog (lib/operations/catalog.ts, docs/decisions/1005) is the
// one place where an operation's scope, rate limit and idempotency are
// declared: every REST route, GraphQL root field and MCP tool names an
// operation of it, the OpenAPI document states what the operation declares,
// and no transport writes a scope of its own.
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { typeDefs } from "@/graphql/__generated__/type-defs";
import { operationOfResolver } from "@/graphql/operation";
import { RESOLVERS } from "@/graphql/server";
import { OPERATIONS } from "@/lib/operations/catalog";
import { TARGET_TYPES } from "@/lib/history/changes";
import { hasOperationLabel } from "@/components/history/change-format";
import { historyTargets, rulesOf, scopeOf, type AnyOperation } from "@/lib/operations/operation";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { apiRoutes } from "@/lib/http/rest-router";

const ROOT = join(import.meta.dirname, "..");
const METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE"] as const;

/**
 * Routes that are protocols of their own, not operations of the service: OAuth's
 * token endpoint (RFC 6749), next-auth's endpoints, the GraphQL and MCP
 * transports themselves, and documents served to discovery (well-known files).
 */
const PROTOCOL_ROUTES = new Set([
  "POST /api/auth/token",
  "GET /api/auth/{nextauth}",
  "POST /api/auth/{nextauth}",
  "GET /api/graphql",
  "POST /api/graphql",
  "POST /mcp",
  "GET /.well-known/jwks.json",
  "GET /.well-known/openapi.json",
  "GET /.well-known/adagents.json",
  "GET /.well-known/oauth-authorization-server",
  "GET /.well-known/oauth-protected-resource",
  "GET /.well-known/oauth-protected-resource/mcp",
  "GET /adagents.json",
]);

/** GraphQL root fields that are not operations: the Relay node lookups, answered by the operation of each type. */
const GRAPHQL_PROTOCOL_FIELDS = new Set(["Query.node", "Query.nodes"]);

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name === "route.ts" ? [path] : [];
  });
}

/** app/api/ads/campaigns/[id]/route.ts -> /api/ads/campaigns/{id} (route groups dropped). */
function urlTemplate(file: string): string {
  const segments = relative(join(ROOT, "app"), file).split(sep).slice(0, -1);
  return (
    "/" +
    segments
      .filter((segment) => !/^\(.*\)$/.test(segment))
      .map((segment) => segment.replace(/^\[(?:\.\.\.)?(.+)\]$/, "{$1}"))
      .join("/")
  );
}

type RouteHandler = ((...args: unknown[]) => unknown) & { operation?: AnyOperation };

async function routes() {
  const found: { key: string; path: string; method: string; operation: AnyOperation | undefined }[] = [];
  for (const file of routeFiles(join(ROOT, "app"))) {
    // the catch-all route serves the REST surface's paths under /api/ (lib/http/rest-surface.ts)
    if (file === join(ROOT, "app", "api", "[...path]", "route.ts")) {
      for (const route of apiRoutes())
        for (const entry of route.entries) {
          const operation = entry.serve === "operation" ? entry.operation : undefined;
          found.push({ key: `${entry.method} ${route.path}`, path: route.path, method: entry.method, operation });
        }
      continue;
    }
    const routeModule = (await import(file)) as Partial<Record<(typeof METHODS)[number], RouteHandler>>;
    for (const method of METHODS) {
      const handler = routeModule[method];
      if (!handler) continue;
      const path = urlTemplate(file);
      found.push({ key: `${method} ${path}`, path, method, operation: handler.operation });
    }
  }
  return found;
}

const catalog = new Set<AnyOperation>(Object.values(OPERATIONS));

describe("the operation catalog", () => {
  it("names each operation by its key", () => {
    for (const [name, operation] of Object.entries(OPERATIONS)) expect(operation.name).toBe(name);
  });

  it("has every write declare what it records in the change history, or why nothing (docs/decisions/1008)", () => {
    const undeclared: string[] = [];
    for (const operation of catalog) {
      if (!operation.write) {
        // a read or a preview changes nothing, so it has nothing to record
        expect(operation.history, `${operation.name} writes nothing but declares history`).toBeUndefined();
        continue;
      }
      const { history } = operation;
      if (history === undefined) {
        undeclared.push(operation.name);
        continue;
      }
      if (typeof history === "object" && "none" in history) {
        expect(history.none.trim().length, `${operation.name}: say why it records nothing`).toBeGreaterThan(10);
        continue;
      }
      const targets = historyTargets(operation);
      expect(targets.length, `${operation.name} records no target`).toBeGreaterThan(0);
      for (const target of targets) expect(TARGET_TYPES, operation.name).toContain(target);
    }
    expect(undeclared, "write operations that declare no `history`").toEqual([]);
  });

  it("names every operation the history records in words on the dashboard", () => {
    const unnamed = [...catalog].filter((op) => historyTargets(op).length > 0 && !hasOperationLabel(op.name));
    expect(unnamed.map((op) => op.name)).toEqual([]);
  });

  it("is what every REST route runs, with the OpenAPI entry stating its scope, limit and idempotency", async () => {
    const document = buildOpenApiDocument("http://sma.test") as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const all = await routes();
    expect(all.length).toBeGreaterThan(20);
    for (const route of all) {
      if (!route.operation) {
        expect(PROTOCOL_ROUTES.has(route.key), `${route.key} runs no operation`).toBe(true);
        continue;
      }
      expect(PROTOCOL_ROUTES.has(route.key), `${route.key} is an operation: take it off the protocol list`).toBe(false);
      expect(catalog.has(route.operation), `${route.key}: ${route.operation.name} is not in the catalog`).toBe(true);
      const entry = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(entry, `${route.key} is not in the OpenAPI document`).toBeDefined();
      expect(entry!.operationId).toBe(route.operation.name);
      const scope = scopeOf(route.operation);
      expect(entry!.security).toEqual(route.operation.access === "public" ? [] : [{ oauth2: scope ? [scope] : [] }]);
      expect(Boolean(entry!["x-rate-limit"])).toBe(Boolean(route.operation.rateLimit));
      // a failures-only rule says which failures count: the others (and successes) are refunded
      const rule = rulesOf(route.operation)[0];
      if (typeof rule === "object")
        expect((entry!["x-rate-limit"] as { failures?: unknown }).failures).toEqual(rule.failures);
      expect(entry!["x-idempotent"] === true).toBe(route.operation.idempotent === true);
    }
  });

  it("is what every GraphQL root field runs", () => {
    const schema = buildSchema(typeDefs);
    const merged: Record<string, Record<string, unknown>> = {};
    for (const map of RESOLVERS as Record<string, Record<string, unknown>>[])
      for (const [type, fields] of Object.entries(map)) merged[type] = { ...merged[type], ...fields };
    expect(Object.keys(merged.Query ?? {}).length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const type of [schema.getQueryType()!, schema.getMutationType()!]) {
      for (const field of Object.keys(type.getFields())) {
        const key = `${type.name}.${field}`;
        if (GRAPHQL_PROTOCOL_FIELDS.has(key)) continue;
        const operation = operationOfResolver(merged[type.name]?.[field]);
        if (!operation) missing.push(key);
        else expect(catalog.has(operation), `${key}: ${operation.name} is not in the catalog`).toBe(true);
      }
    }
    expect(missing, missing.join(", ")).toEqual([]);
    // every marked resolver, root or not, runs a catalog operation
    for (const [type, fields] of Object.entries(merged))
      for (const [field, resolve] of Object.entries(fields)) {
        const operation = operationOfResolver(resolve);
        if (operation) expect(catalog.has(operation), `${type}.${field}`).toBe(true);
      }
  });

  it("is what every dashboard server action runs (through runAction)", () => {
    const files = execFileSync("git", ["grep", "-l", '^"use server"', "--", "app", "components"], {
      cwd: ROOT,
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = readFileSync(join(ROOT, file), "utf8");
      const exported = [...source.matchAll(/^export async function (\w+)/gm)].map((match) => match[1]!);
      expect(exported.length, file).toBeGreaterThan(0);
      const ran = [...source.matchAll(/runAction\((\w+)/g)].map((match) => match[1]!);
      expect(ran.length, `${file} runs no operation`).toBeGreaterThan(0);
      for (const name of ran) {
        // imported from the domain, as the catalog lists it (`x as y` keeps the catalog's name first)
        const imported = new RegExp(`import \\{[^}]*\\b(\\w+) as ${name}\\b[^}]*\\}|import \\{[^}]*\\b${name}\\b`).exec(
          source,
        );
        const catalogName = imported?.[1] ?? name;
        expect(Object.hasOwn(OPERATIONS, catalogName), `${file}: ${catalogName} is not in the catalog`).toBe(true);
      }
    }
  });

  it("leaves no scope literal in the transports (app/, graphql/, components/, mcp/src/)", () => {
    const grep = spawnSync(
      "git",
      [
        "grep",
        "-nE",
        "['\"](campaigns:read|campaigns:write|reporting:read)['\"]",
        "--",
        "app",
        "graphql",
        "components",
        "mcp/src",
        ":!*.test.ts",
        ":!*.test.tsx",
        ":!**/__generated__/**",
        ":!mcp/src/generated/**",
        ":!*.graphql",
      ],
      { cwd: ROOT, encoding: "utf8" },
    );
    // git grep answers 1 when nothing matches, 2 on an error
    expect(grep.status, grep.stderr).not.toBe(2);
    const hits = grep.stdout.split("\n").filter(Boolean);
    // the MCP package names operations; their scopes come from the OpenAPI document (mcp/src/generated)
    expect(hits, hits.join("\n")).toEqual([]);
  });
});
