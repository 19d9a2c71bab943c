// The request edge of server.ts over a real node:http server: security headers on
// hot paths and Next routes alike, HSTS only over HTTPS, the client address
// from X-Forwarded-For only as far as TRUST_PROXY says, and a 400 for a path
// that does not decode (or holds %00), a 404 for an unknown path under /api/ and
// a 405 with Allow for a method its route does not serve, before Next would see them.
import { afterEach, describe, expect, it } from "vitest";
import { REQUEST_PATH_HEADER } from "@/lib/auth/return-path";
import { clientIp } from "@/lib/http/client-ip";
import { contentSecurityPolicy } from "@/lib/http/security-headers";
import { startHotServer, type AppRoutes, type HotServer } from "@/test/hot-server";
import { pathDecodes, type RequestEdgeOptions } from "./request-edge";

const echoIp: AppRoutes = {
  "/echo-ip": { GET: async (request) => Response.json({ ip: clientIp(request) }) },
  // the policy Next would read the script nonce from
  "/echo-csp": { GET: async (request) => Response.json({ csp: request.headers.get("content-security-policy") }) },
  // the page asked for, which sign-in returns to
  "/echo-request-path": {
    GET: async (request) => Response.json({ path: request.headers.get(REQUEST_PATH_HEADER) }),
  },
  "/echo-path/cmp_%20x": { GET: async (request) => Response.json({ path: new URL(request.url).pathname }) },
  // a known API path, as Next would route it
  "/api/ads/campaigns/cmp_1": { GET: async () => Response.json({ id: "cmp_1" }) },
};

let server: HotServer | undefined;
afterEach(() => server?.close());

async function start(options: Partial<RequestEdgeOptions> = {}): Promise<string> {
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
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data: https:");
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(response.headers.has("strict-transport-security")).toBe(false);
    }
  });

  it("let no inline script run on the hot paths (JSON and redirects: no nonce)", async () => {
    const url = await start();
    for (const response of [
      await fetch(`${url}/api/delivery/decisions`, { method: "POST" }),
      await fetch(`${url}/c/nope`),
    ])
      expect(response.headers.get("content-security-policy")).toBe(contentSecurityPolicy(false));
    expect(contentSecurityPolicy(false)).toContain("script-src 'self'; ");
  });

  it("give what Next serves a fresh script nonce per response, on the request too, where Next reads it", async () => {
    const url = await start();
    const policies: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${url}/echo-csp`);
      const sent = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([A-Za-z0-9]{22})'/.exec(sent)?.[1];
      expect(nonce, sent).toBeDefined();
      expect(sent).toBe(contentSecurityPolicy(false, nonce));
      expect(sent).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic';`);
      expect(((await response.json()) as { csp: string }).csp).toBe(sent);
      policies.push(sent);
    }
    expect(new Set(policies).size).toBe(3);
  });

  it("replace a policy the client sent on its request: the client never picks the nonce", async () => {
    const url = await start();
    const chosen = "script-src 'nonce-AAAAAAAAAAAAAAAAAAAAAA=='";
    const response = await fetch(`${url}/echo-csp`, { headers: { "content-security-policy": chosen } });
    const seen = ((await response.json()) as { csp: string }).csp;
    expect(seen).toBe(response.headers.get("content-security-policy"));
    expect(seen).not.toContain("AAAAAAAAAAAAAAAAAAAAAA==");
  });

  it("record the path and query a page was asked with, for sign-in to return to; never the client's own", async () => {
    const url = await start();
    const response = await fetch(`${url}/echo-request-path?campaign=cmp_1&tz=Asia%2FKolkata`, {
      headers: { [REQUEST_PATH_HEADER]: "//evil.example/" },
    });
    expect(((await response.json()) as { path: string }).path).toBe(
      "/echo-request-path?campaign=cmp_1&tz=Asia%2FKolkata",
    );
  });

  it("keep the development server's policy without a nonce: inline scripts and eval (Next's fast refresh) run there", async () => {
    expect(contentSecurityPolicy(true)).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval';");
    expect(contentSecurityPolicy(true, "ignored")).not.toContain("nonce");
    const url = await start({ dev: true });
    const response = await fetch(`${url}/echo-csp`, { headers: { "content-security-policy": "script-src 'nonce-x'" } });
    expect(response.headers.get("content-security-policy")).toBe(contentSecurityPolicy(true));
    expect(((await response.json()) as { csp: string }).csp).toBe(contentSecurityPolicy(true));
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

describe("a path under /api/ that no route serves", () => {
  async function expectProblem(response: Response, status: number, code: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const problem = (await response.json()) as Record<string, unknown>;
    expect(problem).toMatchObject({ status, code, type: `/docs/errors#${code}` });
    expect(problem.request_id).toBe(response.headers.get("x-request-id"));
    expect(problem.request_id).toMatch(/^req_/);
    return problem;
  }

  it("is 404 not_found problem+json for any method (Next answered its HTML 404 page)", async () => {
    const url = await start();
    for (const [method, path] of [
      ["GET", "/api/ads/no-such-thing"],
      ["POST", "/api/ads/no-such-thing"],
      ["DELETE", "/api/ads/campaigns/cmp_1/nope"],
      ["PUT", "/api/nope"],
      ["GET", "/api"],
      ["GET", "/api/"],
      ["PATCH", "/api/auth"],
      ["OPTIONS", "/api/ads/nope"],
    ]) {
      const response = await fetch(`${url}${path}`, { method, body: method === "GET" ? undefined : "{}" });
      const problem = await expectProblem(response, 404, "not_found");
      expect(problem.detail, `${method} ${path}`).toBe(`No API route at ${JSON.stringify(path)}.`);
    }
    const head = await fetch(`${url}/api/ads/no-such-thing`, { method: "HEAD" });
    expect(head.status).toBe(404);
    expect(head.headers.get("content-type")).toBe("application/problem+json");
  });

  it("is 405 method_not_allowed with Allow for a method the route does not serve (Next's 405 was empty)", async () => {
    const url = await start();
    for (const [method, path, allow] of [
      ["DELETE", "/api/ads/moment-types", "GET, HEAD, OPTIONS"],
      ["PUT", "/api/ads/campaigns/cmp_1", "DELETE, GET, HEAD, OPTIONS, PATCH"],
      ["GET", "/api/auth/token", "OPTIONS, POST"],
      ["DELETE", "/api/auth/session", "GET, HEAD, OPTIONS, POST"],
    ] as const) {
      const response = await fetch(`${url}${path}`, { method });
      expect(response.headers.get("allow"), `${method} ${path}`).toBe(allow);
      const problem = await expectProblem(response, 405, "method_not_allowed");
      expect(problem.detail).toBe(`${method} is not allowed on ${JSON.stringify(path)}; it serves ${allow}.`);
    }
  });

  it("cuts a long path in the detail", async () => {
    const url = await start();
    const path = `/api/${"x".repeat(500)}`;
    const problem = await expectProblem(await fetch(`${url}${path}`), 404, "not_found");
    expect(String(problem.detail).length).toBeLessThan(260);
  });

  it("leaves a known path and method to its route, and the delivery paths to the hot router (405 with Allow too)", async () => {
    const url = await start();
    const known = await fetch(`${url}/api/ads/campaigns/cmp_1`);
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({ id: "cmp_1" });

    const hot = await fetch(`${url}/api/delivery/decisions`);
    expect(hot.headers.get("allow")).toBe("POST");
    await expectProblem(hot, 405, "method_not_allowed");
    await expectProblem(await fetch(`${url}/api/delivery/nope`), 404, "not_found");
  });

  it("leaves paths outside /api/ to Next (the dashboard's not-found pages stay HTML)", async () => {
    const url = await start();
    const page = await fetch(`${url}/no-such-page`);
    // the test server's stand-in for Next answers a bare 404
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toBeNull();
  });
});
