// The front door of server.ts over a real node:http server: security headers on
// hot paths and Next routes alike, HSTS only over HTTPS, the client address
// from X-Forwarded-For only as far as TRUST_PROXY says, and a 400 for a path
// that does not decode (or holds %00), before Next would see it.
import { afterEach, describe, expect, it } from "vitest";
import { clientIp } from "@/lib/http/client-ip";
import { contentSecurityPolicy } from "@/lib/http/security-headers";
import { startHotServer, type AppRoutes, type HotServer } from "@/test/hot-server";
import { pathDecodes, type FrontDoorOptions } from "./front-door";

const echoIp: AppRoutes = {
  "/echo-ip": { GET: async (request) => Response.json({ ip: clientIp(request) }) },
  "/echo-path/cmp_%20x": { GET: async (request) => Response.json({ path: new URL(request.url).pathname }) },
};

let server: HotServer | undefined;
afterEach(() => server?.close());

async function start(options: Partial<FrontDoorOptions> = {}): Promise<string> {
  server = await startHotServer(echoIp, {}, { trustProxy: 0, httpsOrigin: false, dev: false, ...options });
  return server.url;
}

describe("security headers", () => {
  it("are on every response: a hot path's problem, a route's JSON", async () => {
    const url = await start();
    for (const response of [
      await fetch(`${url}/api/delivery/decisions`, { method: "POST" }),
      await fetch(`${url}/c/nope`),
      await fetch(`${url}/echo-ip`),
    ]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toBe(contentSecurityPolicy(false));
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data: https:");
      expect(csp).not.toContain("unsafe-eval");
      expect(response.headers.has("strict-transport-security")).toBe(false);
    }
  });

  it("the development server's policy allows eval (Next's fast refresh), production's does not", () => {
    expect(contentSecurityPolicy(true)).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(contentSecurityPolicy(false)).toContain("script-src 'self' 'unsafe-inline';");
  });

  it("sends HSTS behind an https PUBLIC_BASE_URL, or when a trusted proxy says the request was https", async () => {
    let url = await start({ httpsOrigin: true });
    expect((await fetch(`${url}/echo-ip`)).headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    await server!.close();

    url = await start({ trustProxy: 1 });
    const viaProxy = await fetch(`${url}/echo-ip`, { headers: { "x-forwarded-proto": "https" } });
    expect(viaProxy.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    const plain = await fetch(`${url}/echo-ip`, { headers: { "x-forwarded-proto": "http" } });
    expect(plain.headers.has("strict-transport-security")).toBe(false);
    await server!.close();

    // without trusted proxies the client's own X-Forwarded-Proto means nothing
    url = await start({ trustProxy: 0 });
    const untrusted = await fetch(`${url}/echo-ip`, { headers: { "x-forwarded-proto": "https" } });
    expect(untrusted.headers.has("strict-transport-security")).toBe(false);
  });
});

describe("client address", () => {
  async function ipFor(url: string, forwardedFor?: string): Promise<string> {
    const response = await fetch(`${url}/echo-ip`, {
      headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    });
    return ((await response.json()) as { ip: string }).ip;
  }

  it("is the socket address without TRUST_PROXY, whatever X-Forwarded-For says", async () => {
    const url = await start();
    expect(await ipFor(url, "203.0.113.7")).toBe("127.0.0.1");
  });

  it("is the rightmost entry with TRUST_PROXY=1: a client cannot pick its rate-limit bucket", async () => {
    const url = await start({ trustProxy: 1 });
    expect(await ipFor(url, "198.51.100.1, 203.0.113.7")).toBe("203.0.113.7");
    expect(await ipFor(url, "198.51.100.2, 203.0.113.7")).toBe("203.0.113.7");
    expect(await ipFor(url, "198.51.100.1, garbage")).toBe("127.0.0.1");
  });

  it("is an IPv4-mapped entry's IPv4 address, and IPv6 in its compact spelling", async () => {
    const url = await start({ trustProxy: 1 });
    expect(await ipFor(url, "::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(await ipFor(url, "2001:0DB8:0:0::0007")).toBe("2001:db8::7");
  });

  it("is the entry two hops from the right with TRUST_PROXY=2", async () => {
    const url = await start({ trustProxy: 2 });
    expect(await ipFor(url, "198.51.100.1, 203.0.113.7, 10.0.0.2")).toBe("203.0.113.7");
  });
});

describe("a path that does not decode", () => {
  it("is every percent-escape hex, spelling UTF-8 text", () => {
    for (const path of ["/c/clk_1", "/api/ads/campaigns/cmp_%20x", "/a/%C3%A9%2F..%2F", "/a/%F0%9F%8E%89"])
      expect(pathDecodes(path), path).toBe(true);
    for (const path of ["/a/%FF", "/a/%ZZ", "/a/%", "/a/%E6%97", "/a/%ED%A0%80", "/a/%C3", "/a/%00", "/a/x%00y"])
      expect(pathDecodes(path), path).toBe(false);
  });

  it("is 400 bad_request problem+json before Next sees it (it answered a dynamic segment's %FF with a plain 500)", async () => {
    const url = await start();
    for (const path of [
      "/api/ads/campaigns/cmp_x%FF",
      "/api/auth/csrf%ZZ",
      "/campaigns/%E6%97",
      "/echo-ip%ED%A0%80",
      "/campaigns/cmp_%00",
    ]) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const problem = (await response.json()) as Record<string, unknown>;
      expect(problem).toMatchObject({ status: 400, code: "bad_request" });
      expect(problem.detail).toMatch(/percent-encoding/);
      expect(problem.request_id).toBe(response.headers.get("x-request-id"));
    }
  });

  it("leaves a path that decodes to its route, however odd the text, and the hot paths to the hot router", async () => {
    const url = await start();
    expect(await (await fetch(`${url}/echo-path/cmp_%20x`)).json()).toEqual({ path: "/echo-path/cmp_%20x" });
    // the click route decodes its own path: what does not decode is no click of ours
    for (const path of ["/c/..%2F%C3%A9", "/c/clk_x%FF"]) {
      const click = await fetch(`${url}${path}`);
      expect(click.status, path).toBe(404);
      expect(((await click.json()) as { code: string }).code).toBe("click_not_found");
    }
  });
});
