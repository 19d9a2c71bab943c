// both databases: emails matched as text
// next-auth's options are built once and reused by every request, and rebuilt
// when what they are made of changes: the environment (reloadEnv) or the
// session key that `sessionSecret()` answers (docs/decisions/1417).
import { restRoute } from "@/test/rest-routes";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadEnv } from "@/lib/env";
import { call } from "@/test/http";
import { authOptions } from "./next-auth";
import { sessionSecret } from "./session-secret";

const route = restRoute("/api/auth/{nextauth}");

// the real key (stored in this file's database), replaced once where a test says so
vi.mock("./session-secret", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./session-secret")>();
  return { ...actual, sessionSecret: vi.fn(actual.sessionSecret) };
});

const BASE_URL = process.env.PUBLIC_BASE_URL;

afterEach(() => {
  process.env.PUBLIC_BASE_URL = BASE_URL;
  delete process.env.SESSION_SECRET;
  reloadEnv();
});

describe("authOptions", () => {
  it("builds the options once for many requests, concurrent first calls included", async () => {
    const first = await Promise.all(Array.from({ length: 8 }, () => authOptions()));
    expect(new Set(first).size).toBe(1);
    const options = first[0]!;
    expect(options.secret).toBe(await sessionSecret());
    for (let request = 0; request < 3; request++) {
      expect((await call(route.GET, "/api/auth/csrf")).status).toBe(200);
    }
    expect(await authOptions()).toBe(options);
  });

  it("rebuilds them when the environment changes: next-auth's URL, secure cookies, the configured key", async () => {
    const before = await authOptions();
    expect(process.env.NEXTAUTH_URL).toBe("http://sma.test/api/auth");
    expect(before.useSecureCookies).toBe(false);

    process.env.PUBLIC_BASE_URL = "https://ads.example.test";
    process.env.SESSION_SECRET = "a configured session key of 32+ chars";
    reloadEnv();
    const after = await authOptions();
    expect(after).not.toBe(before);
    expect(after.secret).toBe("a configured session key of 32+ chars");
    expect(after.useSecureCookies).toBe(true);
    expect(after.cookies?.sessionToken?.name).toBe("__Secure-sma.session");
    expect(process.env.NEXTAUTH_URL).toBe("https://ads.example.test/api/auth");
    expect(await authOptions()).toBe(after);

    process.env.PUBLIC_BASE_URL = BASE_URL;
    delete process.env.SESSION_SECRET;
    reloadEnv();
    const restored = await authOptions();
    expect(restored.secret).toBe(before.secret);
    expect(restored.cookies?.sessionToken?.name).toBe("sma.session");
    expect(process.env.NEXTAUTH_URL).toBe("http://sma.test/api/auth");
  });

  it("rebuilds them when the session key changes, and keeps nothing from a failed key read", async () => {
    const before = await authOptions();
    vi.mocked(sessionSecret).mockResolvedValueOnce("a rotated stored key of 32+ characters");
    const rotated = await authOptions();
    expect(rotated).not.toBe(before);
    expect(rotated.secret).toBe("a rotated stored key of 32+ characters");

    vi.mocked(sessionSecret).mockRejectedValueOnce(new Error("database unreachable"));
    await expect(authOptions()).rejects.toThrow("database unreachable");
    const again = await authOptions();
    expect(again.secret).toBe(before.secret);
    expect(await authOptions()).toBe(again);
  });
});
