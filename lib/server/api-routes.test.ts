// The request edge's list of the API's route handlers (lib/server/api-routes.ts)
// must be the files under app/api/ and the methods each exports: a new route,
// or a method added to one, fails here until the list knows it (else the front
// door would answer it 404 or 405 before Next saw it).
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { allowedMethods, API_ROUTES, apiRouteMethods, isApiPath } from "./api-routes";

const root = join(import.meta.dirname, "..", "..");
/** The methods Next's app routes can export (next/dist/server/web/http.js). */
const HTTP_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"];

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /^route\.(ts|tsx|js)$/.test(entry.name) ? [path] : [];
  });
}

describe("API_ROUTES", () => {
  it("lists every route handler under app/api with the methods it exports, and nothing else", async () => {
    const found: [string, string[]][] = [];
    for (const file of routeFiles(join(root, "app", "api"))) {
      const exports = (await import(file)) as Record<string, unknown>;
      const path = `/${relative(join(root, "app"), file).split(sep).slice(0, -1).join("/")}`;
      found.push([path, HTTP_METHODS.filter((method) => typeof exports[method] === "function").sort()]);
    }
    const listed = API_ROUTES.map(([path, methods]) => [path, [...methods].sort()]);
    expect(found.length).toBeGreaterThan(10);
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(found));
    expect(listed).toHaveLength(found.length);
  });
});

describe("apiRouteMethods", () => {
  it("matches a static path, and one segment for each [param]; adds HEAD to GET and OPTIONS to all", () => {
    expect(apiRouteMethods("/api/ads/moment-types")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(apiRouteMethods("/api/ads/campaigns/cmp_1")).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH"]);
    expect(apiRouteMethods("/api/ads/campaigns/cmp%2F1/variants")).toEqual(["OPTIONS", "POST"]);
    expect(apiRouteMethods("/api/ads/webhooks/whk_1/deliveries/whd_1/retry")).toEqual(["OPTIONS", "POST"]);
  });

  it("prefers a static route to a catch-all, which takes one segment or more", () => {
    expect(apiRouteMethods("/api/auth/token")).toEqual(["OPTIONS", "POST"]);
    expect(apiRouteMethods("/api/auth/callback/credentials")).toEqual(["GET", "HEAD", "OPTIONS", "POST"]);
    expect(apiRouteMethods("/api/auth")).toBeNull();
  });

  it("is null for a path no route serves: unknown names, extra or empty segments", () => {
    for (const path of [
      "/api",
      "/api/",
      "/api/ads",
      "/api/ads/no-such-thing",
      "/api/ads/campaigns/cmp_1/nope",
      "/api/ads/campaigns//variants",
      "/api/ads/Campaigns",
      "/api/ads/moment-types.json",
      "/api/graphqlx",
    ])
      expect(apiRouteMethods(path), path).toBeNull();
  });

  it("ignores one trailing slash (Next redirects it to the path without)", () => {
    expect(apiRouteMethods("/api/ads/campaigns/")).toEqual(["GET", "HEAD", "OPTIONS", "POST"]);
    expect(apiRouteMethods("/api/ads/campaigns//")).toBeNull();
  });

  it("applies to /api and everything under /api/ only", () => {
    expect(isApiPath("/api")).toBe(true);
    expect(isApiPath("/api/x")).toBe(true);
    expect(isApiPath("/apix")).toBe(false);
    expect(isApiPath("/campaigns")).toBe(false);
    expect(allowedMethods(["POST", "GET"])).toEqual(["GET", "HEAD", "OPTIONS", "POST"]);
  });
});
