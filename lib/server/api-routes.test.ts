// The request edge's view of the routes Next serves under /api/ (lib/server/api-routes.ts,
// from the REST surface): which methods a path serves, matched as Next's router matched
// its route folders.
import { describe, expect, it } from "vitest";
import { allowedMethods, apiRouteMethods, isApiPath } from "./api-routes";

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
