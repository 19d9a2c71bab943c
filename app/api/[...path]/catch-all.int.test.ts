// The catch-all route serves every path of the REST surface under /api/ by the request's own
// path, as the route files did: each path's methods, HEAD through GET, OPTIONS with the path's
// `Allow` (Next's automatic answer per file), and outside server.ts's edge a problem for an
// unknown path or method.
import { describe, expect, it } from "vitest";
import { DELETE, GET, OPTIONS, POST } from "./route";

const at = (path: string, method = "GET") => new Request(`http://localhost${path}`, { method });

describe("the catch-all route", () => {
  it("answers OPTIONS with the methods of the path, as Next did for each route file", async () => {
    const campaign = await OPTIONS(at("/api/ads/campaigns/cmp_1", "OPTIONS"));
    expect(campaign.status).toBe(204);
    expect(campaign.headers.get("allow")).toBe("DELETE, GET, HEAD, OPTIONS, PATCH");
    expect((await OPTIONS(at("/api/auth/token", "OPTIONS"))).headers.get("allow")).toBe("OPTIONS, POST");
    expect((await OPTIONS(at("/api/auth/callback/credentials", "OPTIONS"))).headers.get("allow")).toBe(
      "GET, HEAD, OPTIONS, POST",
    );
    expect((await OPTIONS(at("/api/ads/nope", "OPTIONS"))).status).toBe(404);
  });

  it("runs the path's entry: GET, and HEAD through GET", async () => {
    const types = await GET(at("/api/ads/moment-types"));
    expect(types.status).toBe(200);
    expect(types.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(Array.isArray(await types.json())).toBe(true);
    const head = await GET(at("/api/ads/moment-types", "HEAD"));
    expect(head.status).toBe(200);
  });

  it("answers an unknown path 404 and a method the path does not serve 405, as problem+json", async () => {
    const unknown = await DELETE(at("/api/ads/no-such-thing", "DELETE"));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toBe("application/problem+json");
    const wrong = await POST(at("/api/ads/moment-types", "POST"));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});
