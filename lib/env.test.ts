import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("defaults to the embedded SQLite file, port 3000, demo on", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe("file:./data/app.db");
    expect(env.PORT).toBe(3000);
    expect(env.DEMO).toBe(true);
    expect(env.PUBLIC_BASE_URL).toBe("http://localhost:3000");
    expect(env.OUTBOUND_ALLOW_HOSTS).toEqual([]);
  });

  it("reads DEMO=0, PORT, a PostgreSQL URL and allow-listed hosts", () => {
    const env = parseEnv({
      DEMO: "0",
      PORT: "8080",
      DATABASE_URL: "postgresql://u:p@db:5432/sma",
      OUTBOUND_ALLOW_HOSTS: "127.0.0.1:9000, Localhost:8443",
      PUBLIC_BASE_URL: "https://ads.example.com/",
    });
    expect(env.DEMO).toBe(false);
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe("postgresql://u:p@db:5432/sma");
    expect(env.OUTBOUND_ALLOW_HOSTS).toEqual(["127.0.0.1:9000", "localhost:8443"]);
    expect(env.PUBLIC_BASE_URL).toBe("https://ads.example.com");
  });

  it("DEMO defaults to on only for the embedded default database; set, it wins", () => {
    expect(parseEnv({}).DEMO).toBe(true);
    expect(parseEnv({ DATABASE_URL: "file:./data/app.db" }).DEMO).toBe(true);
    expect(parseEnv({ DATABASE_URL: "postgresql://u:p@db:5432/sma" }).DEMO).toBe(false);
    expect(parseEnv({ DATABASE_URL: "file:/srv/sma/app.db" }).DEMO).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgresql://u:p@db:5432/sma", DEMO: "1" }).DEMO).toBe(true);
    expect(parseEnv({ DEMO: "0" }).DEMO).toBe(false);
  });

  it("fails with the field that is wrong", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with file: or postgresql/);
    expect(() => parseEnv({ OUTBOUND_ALLOW_HOSTS: "example.com" })).toThrow(/host:port/);
    expect(() => parseEnv({ DEMO: "maybe" })).toThrow(/DEMO/);
  });
});
