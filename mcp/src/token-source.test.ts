import { describe, expect, it } from "vitest";
import { createTokenSource, TokenError } from "./token-source.ts";

function tokenServer(answers: (() => Response)[]) {
  const requests: URLSearchParams[] = [];
  const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
    requests.push(new URLSearchParams(String(init?.body)));
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    return next();
  };
  return { fetch, requests };
}

const ok =
  (token: string, expiresIn = 3600) =>
  () =>
    Response.json({
      access_token: token,
      token_type: "Bearer",
      expires_in: expiresIn,
      scope: "campaigns:read reporting:read",
    });

describe("token source", () => {
  it("exchanges the key once and renews a minute before expiry", async () => {
    let now = 1_000_000;
    const server = tokenServer([ok("t1"), ok("t2")]);
    const tokens = createTokenSource({
      baseUrl: "https://x.example",
      clientId: "cli",
      clientSecret: "sk",
      fetch: server.fetch,
      nowMs: () => now,
    });
    expect(await tokens.get()).toMatchObject({ accessToken: "t1", scopes: ["campaigns:read", "reporting:read"] });
    expect(server.requests[0]!.get("grant_type")).toBe("client_credentials");
    expect([server.requests[0]!.get("client_id"), server.requests[0]!.get("client_secret")]).toEqual(["cli", "sk"]);
    now += 3_539_000;
    expect((await tokens.get()).accessToken).toBe("t1");
    now += 2_000; // 59 s before expiry
    expect((await tokens.get()).accessToken).toBe("t2");
    expect(server.requests).toHaveLength(2);
  });

  it("renews short-lived tokens at nine tenths of their life, and on demand after a 401", async () => {
    let now = 0;
    const server = tokenServer([ok("t1", 100), ok("t2", 100), ok("t3", 100)]);
    const tokens = createTokenSource({
      baseUrl: "https://x.example",
      clientId: "c",
      clientSecret: "s",
      fetch: server.fetch,
      nowMs: () => now,
    });
    await tokens.get();
    now = 89_000;
    expect((await tokens.get()).accessToken).toBe("t1");
    now = 90_000;
    expect((await tokens.get()).accessToken).toBe("t2");
    expect(await tokens.authorization(true)).toBe("Bearer t3");
  });

  it("shares one exchange between concurrent callers", async () => {
    const server = tokenServer([ok("t1")]);
    const tokens = createTokenSource({
      baseUrl: "https://x.example",
      clientId: "c",
      clientSecret: "s",
      fetch: server.fetch,
    });
    const all = await Promise.all([tokens.get(), tokens.get(), tokens.get()]);
    expect(all.map((token) => token.accessToken)).toEqual(["t1", "t1", "t1"]);
    expect(server.requests).toHaveLength(1);
  });

  it("explains a refused key, rate limiting and an unreachable service", async () => {
    const refused = tokenServer([
      () => Response.json({ error: "invalid_client", error_description: "unknown client" }, { status: 401 }),
    ]);
    const error = await createTokenSource({
      baseUrl: "https://x.example",
      clientId: "c",
      clientSecret: "s",
      fetch: refused.fetch,
    })
      .get()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TokenError);
    expect(String((error as Error).message)).toMatch(
      /SMA_API_KEY was refused .*invalid_client: unknown client.*check the client id and secret/,
    );

    const limited = tokenServer([
      () => Response.json({ error: "rate_limited" }, { status: 429, headers: { "retry-after": "42" } }),
    ]);
    await expect(
      createTokenSource({ baseUrl: "https://x.example", clientId: "c", clientSecret: "s", fetch: limited.fetch }).get(),
    ).rejects.toThrow(/retry after 42 seconds/);

    const down = async () => {
      throw new TypeError("fetch failed");
    };
    await expect(
      createTokenSource({ baseUrl: "https://x.example", clientId: "c", clientSecret: "s", fetch: down }).get(),
    ).rejects.toThrow(/cannot reach the token endpoint https:\/\/x.example\/api\/auth\/token \(fetch failed\)/);
  });
});
