import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config.ts";

const base = { SMA_API_KEY: "cli_abc:sk_secret:with:colons", SMA_BASE_URL: "https://ads.example.com/" };

describe("readConfig", () => {
  it("splits the key at the first colon and normalises the base URL", () => {
    expect(readConfig(base)).toEqual({
      baseUrl: "https://ads.example.com",
      clientId: "cli_abc",
      clientSecret: "sk_secret:with:colons",
      readOnly: false,
    });
    expect(readConfig({ ...base, SMA_READ_ONLY: "1" }).readOnly).toBe(true);
  });

  it.each([
    [{ SMA_BASE_URL: "https://x.example" }, /SMA_API_KEY is not set/],
    [{ ...base, SMA_API_KEY: "  " }, /SMA_API_KEY is not set/],
    [{ ...base, SMA_API_KEY: "no-colon-here" }, /SMA_API_KEY is malformed/],
    [{ ...base, SMA_API_KEY: ":secret" }, /SMA_API_KEY is malformed/],
    [{ ...base, SMA_API_KEY: "client:" }, /SMA_API_KEY is malformed/],
    [{ ...base, SMA_API_KEY: "client: secret" }, /SMA_API_KEY is malformed/],
    [{ SMA_API_KEY: "a:b" }, /SMA_BASE_URL is not set/],
    [{ ...base, SMA_BASE_URL: "ads.example.com" }, /SMA_BASE_URL is not a URL/],
    [{ ...base, SMA_BASE_URL: "ftp://ads.example.com" }, /must be an http\(s\) URL/],
    [{ ...base, SMA_BASE_URL: "http://ads.example.com" }, /SMA_BASE_URL must be https:\/\/.*not ads\.example\.com/],
    [{ ...base, SMA_BASE_URL: "http://10.0.0.5:3000" }, /SMA_BASE_URL must be https:\/\//],
    [{ ...base, SMA_BASE_URL: "http://localhost.example.com" }, /SMA_BASE_URL must be https:\/\//],
    [{ ...base, SMA_BASE_URL: "http://[::ffff:127.0.0.1]:3000" }, /SMA_BASE_URL must be https:\/\//],
    [{ ...base, SMA_READ_ONLY: "yes" }, /SMA_READ_ONLY must be 1/],
  ])("refuses %j with a clear message", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });

  it.each([
    "http://localhost:3000",
    "http://127.0.0.1:3000/",
    "http://127.8.9.10",
    "http://127.1:3000",
    "http://[::1]:3000",
    "https://ads.example.com",
  ])("accepts %s (https, or plain http to this machine)", (url) => {
    expect(readConfig({ ...base, SMA_BASE_URL: url }).baseUrl).toBe(new URL(url).origin);
  });

  it("never repeats the secret in a message", () => {
    try {
      readConfig({ ...base, SMA_API_KEY: "client: sk_topsecret" });
    } catch (error) {
      expect(String(error)).not.toContain("sk_topsecret");
    }
  });
});
