// both databases: raw SQL probes
// /healthz and /readyz over real HTTP, as server.ts serves them: alive without the database;
// ready while the database answers, the migrations are applied and the signing key loads; 503
// with the reason when the database is gone (PostgreSQL: connections refused), when it does
// not answer within the bound, when a migration is missing, and from the first step of the
// shutdown routine (draining); back to 200 once the database is back. Never rate-limited,
// never logged at info.
import pg from "pg";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { currentSigningKey } from "@/lib/auth/signing-keys";
import { db, dbKind } from "@/lib/db/client";
import { reloadEnv } from "@/lib/env";
import { createLogger } from "@/lib/log";
import { handleShutdown } from "@/lib/workers/shutdown";
import { startHotServer, type HotServer } from "@/test/hot-server";
import { until } from "@/test/until";
import { startOperatorServer } from "./operator-routes";
import { databaseChecks, Readiness, type ReadinessChecks } from "./readiness";

type Probe = { status: number; body: { status: string; reason?: string; detail?: string; checks?: object } };

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function serve(readiness: Readiness): Promise<HotServer> {
  const server = await startHotServer({}, {}, undefined, { readiness });
  servers.push(server);
  return server;
}

async function probe(url: string, path = "/readyz"): Promise<Probe> {
  const response = await fetch(`${url}${path}`);
  expect(response.headers.get("content-type")).toBe("application/json");
  expect(response.headers.get("cache-control")).toBe("no-store");
  return { status: response.status, body: (await response.json()) as Probe["body"] };
}

const realChecks = () => databaseChecks({ signingKey: true });

// the signing key made once (an RSA key pair takes seconds on a loaded machine), as server.ts does at boot
beforeAll(async () => {
  await currentSigningKey();
});

describe("/healthz", () => {
  it("is 200 without asking the database (even when it hangs)", async () => {
    const hanging: ReadinessChecks = { ...realChecks(), pingDatabase: () => new Promise(() => {}) };
    const server = await serve(new Readiness(hanging, { timeoutMs: 100 }));
    expect(await probe(server.url, "/healthz")).toEqual({ status: 200, body: { status: "ok" } });
    expect((await fetch(`${server.url}/healthz`, { method: "POST" })).status).toBe(405);
  });
});

describe("/readyz", () => {
  it("is 200 with its checks when the database answers, the migrations are applied and the key loads", async () => {
    const server = await serve(new Readiness(realChecks(), { timeoutMs: 10_000 }));
    expect(await probe(server.url)).toEqual({
      status: 200,
      body: { status: "ready", checks: { database: "ok", migrations: "ok", signing_keys: "ok" } },
    });
  });

  it("is 503 database_unavailable when the database does not answer within the bound", async () => {
    let hang = true;
    const checks = realChecks();
    const slow: ReadinessChecks = {
      ...checks,
      pingDatabase: () => (hang ? new Promise(() => {}) : checks.pingDatabase()),
    };
    const server = await serve(new Readiness(slow, { timeoutMs: 150 }));
    const started = performance.now();
    const answer = await probe(server.url);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(answer).toEqual({
      status: 503,
      body: {
        status: "not_ready",
        reason: "database_unavailable",
        detail: "The database did not answer within 150 ms.",
      },
    });
    hang = false;
    await until(async () => (await probe(server.url)).status === 200, 100);
  });

  it("is 503 migrations_pending while a migration of this build is not applied", async () => {
    const rows = await db().$queryRawUnsafe<{ id: string; migration_name: string }[]>(
      "SELECT id, migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1",
    );
    const last = rows[0]!;
    await db().$executeRawUnsafe(`UPDATE _prisma_migrations SET rolled_back_at = finished_at WHERE id = '${last.id}'`);
    try {
      const server = await serve(new Readiness(realChecks(), { timeoutMs: 10_000 }));
      const answer = await probe(server.url);
      expect(answer.status).toBe(503);
      expect(answer.body.reason).toBe("migrations_pending");
      expect(answer.body.detail).toBe("1 migration(s) of this build are not applied (npm run db:migrate).");
    } finally {
      await db().$executeRawUnsafe(`UPDATE _prisma_migrations SET rolled_back_at = NULL WHERE id = '${last.id}'`);
    }
  });

  it("is 503 draining from the shutdown routine's first step, while the server still serves", async () => {
    const readiness = new Readiness(realChecks(), { timeoutMs: 10_000 });
    const server = await serve(readiness);
    expect((await probe(server.url)).status).toBe(200);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const exits: number[] = [];
    const listeners: Record<string, () => void> = {};
    // the steps as server.ts orders them: drain first, then (held here) closing the server
    handleShutdown({
      log: createLogger({ write: () => {} } as never),
      message: "shutting down",
      forceExitMs: 60_000,
      steps: [async () => readiness.startDraining(), () => held],
      signals: { on: (signal, listener) => (listeners[signal] = listener) },
      exit: (code) => exits.push(code),
      forceTimer: () => ({ unref: () => undefined }),
    });
    listeners.SIGTERM!();
    await until(() => readiness.draining);
    expect(await probe(server.url)).toEqual({
      status: 503,
      body: {
        status: "not_ready",
        reason: "draining",
        detail: "The process is shutting down: send no new requests.",
      },
    });
    // alive still, and serving
    expect((await probe(server.url, "/healthz")).status).toBe(200);
    release();
    await until(() => exits.length > 0);
    expect(exits).toEqual([0]);
  });

  it("answers every probe of a burst: never rate-limited", async () => {
    const server = await serve(new Readiness(realChecks(), { timeoutMs: 10_000 }));
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => probe(server.url, i % 2 ? "/readyz" : "/healthz")),
    );
    expect(statuses.map((answer) => answer.status)).toEqual(Array.from({ length: 60 }, () => 200));
  });

  it("is served on the operator listener too (the worker's port): 404 for anything else", async () => {
    const operator = await startOperatorServer(0, "127.0.0.1", {
      readiness: new Readiness(databaseChecks({ signingKey: false }), { timeoutMs: 10_000 }),
    });
    servers.push(operator);
    const url = `http://127.0.0.1:${operator.port}`;
    expect(await probe(url)).toEqual({
      status: 200,
      body: { status: "ready", checks: { database: "ok", migrations: "ok" } },
    });
    expect((await probe(url, "/healthz")).status).toBe(200);
    expect((await fetch(`${url}/api/ads/campaigns`)).status).toBe(404);
    // the operator listener serves /metrics without a token when none is set
    expect((await fetch(`${url}/metrics`)).status).toBe(200);
  });
});

describe("the log", () => {
  const lines: { level: number; path?: string; msg: string }[] = [];
  beforeAll(() => {
    process.env.LOG_LEVEL = "info";
    reloadEnv();
    (globalThis as { __smaLogger?: unknown }).__smaLogger = createLogger(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      }) as never,
    );
  });
  afterAll(() => {
    delete (globalThis as { __smaLogger?: unknown }).__smaLogger;
    process.env.LOG_LEVEL = "silent";
    reloadEnv();
  });

  it("has no info line for a probe, as it has for another request", async () => {
    const server = await serve(new Readiness(realChecks(), { timeoutMs: 10_000 }));
    await probe(server.url, "/healthz");
    await probe(server.url);
    await fetch(`${server.url}/some-page`).then((response) => response.text());
    await until(() => lines.some((line) => line.path === "/some-page"));
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests.map((line) => line.path)).toEqual(["/some-page"]);
    expect(requests[0]!.level).toBe(30);
  });
});

describe.runIf(dbKind() === "postgresql")("/readyz when PostgreSQL refuses connections", () => {
  it("is 503 database_unavailable, and 200 again once the database is back", async () => {
    const name = new URL(process.env.DATABASE_URL!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: inject("dbTemplate") });
    await admin.connect();
    const server = await serve(new Readiness(realChecks(), { timeoutMs: 10_000 }));
    try {
      expect((await probe(server.url)).status).toBe(200);
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
      const down = await probe(server.url);
      expect(down.status).toBe(503);
      expect(down.body.reason).toBe("database_unavailable");
      expect(down.body.detail).not.toContain(name);
    } finally {
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await until(async () => (await probe(server.url)).status === 200, 100);
    expect((await probe(server.url)).body.status).toBe("ready");
  });
});
