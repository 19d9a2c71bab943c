import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";

/** The operator CLI in its own process, as an operator runs it, against the e2e server's database. */
export function adminProcessWithStdin(stdin: string, ...args: string[]): Record<string, string> {
  const out = execFileSync("node_modules/.bin/tsx", ["scripts/admin.ts", ...args], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, LOG_LEVEL: "warn" },
    encoding: "utf8",
    input: stdin,
  });
  return JSON.parse(out) as Record<string, string>;
}

/**
 * The same command run in this test process (scripts/admin.ts's runAdmin; the process adds only
 * the migrations, which the server ran at boot): the specs' accounts and keys, without a process
 * start each. Passwords are hashed at the cheapest cost (the server rehashes them at sign-in).
 */
export async function adminWithStdin(stdin: string, ...args: string[]): Promise<Record<string, string>> {
  Object.assign(process.env, {
    DATABASE_URL: process.env.E2E_DATABASE_URL,
    LOG_LEVEL: "warn",
    PASSWORD_HASH_COST: "10",
  });
  const { runAdmin } = await import("../scripts/admin");
  const result = await runAdmin(args, [stdin]);
  if (result.code !== 0) throw new Error(`npm run admin -- ${args.join(" ")}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, string>;
}

/** A command without standard input. */
export function admin(...args: string[]): Promise<Record<string, string>> {
  return adminWithStdin("", ...args);
}

/** Fails the page's requests that leave the app (everything must be served locally); returns what was tried. */
export async function blockOutsideRequests(page: Page, baseURL: string): Promise<string[]> {
  const outside: string[] = [];
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(baseURL) || url.startsWith("data:")) return route.continue();
    outside.push(url);
    return route.abort();
  });
  return outside;
}

/** A new advertiser (operator CLI; `inItsProcess`: run as an operator runs it) with its first API client, holding every scope. */
async function createAdvertiser(name: string, inItsProcess = false): Promise<Record<string, string>> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const args = ["create-advertiser", "--name", name, "--email", email, "--password-stdin"];
  return inItsProcess
    ? adminProcessWithStdin("e2e-password-123\n", ...args)
    : adminWithStdin("e2e-password-123\n", ...args);
}

/** A new advertiser (operator CLI) and an access token of its client holding every scope. */
export async function newAdvertiserToken(request: APIRequestContext, name: string, { cliProcess = false } = {}) {
  const created = await createAdvertiser(name, cliProcess);
  const response = await request.post("/api/auth/token", {
    form: { grant_type: "client_credentials", client_id: created.client_id!, client_secret: created.client_secret! },
  });
  return { created, response, body: (await response.json()) as { access_token: string; expires_in: number } };
}

// ---------------------------------------------------------------- token reuse
//
// E1 allows 10 token requests a minute per IP address, and every request of
// the suite comes from 127.0.0.1. Specs that need API clients make them once
// per run and reuse their tokens: both are kept in the run's data folder, so a
// retried test (a new worker process) or a repeated one (--repeat-each) asks
// E1 for nothing new.

type TokenResponse = { access_token: string; token_type: string; expires_in: number; scope: string };
type CachedToken = { response: TokenResponse; expiresAtMs: number };

/** A token is reused while it has this long to live. */
const TOKEN_REUSE_MARGIN_MS = 5 * 60_000;

/** A JSON file of the run's data folder, one per parallel worker slot (workers never write each other's). */
function runFile<T>(name: string): { read(): Record<string, T>; write(entries: Record<string, T>): void } {
  const path = join(process.env.E2E_DATA_DIR!, `${process.env.TEST_PARALLEL_INDEX ?? "0"}-${name}`);
  return {
    read: () => (existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Record<string, T>) : {}),
    write: (entries) => writeFileSync(path, JSON.stringify(entries)),
  };
}

const tokenFile = runFile<CachedToken>("e2e-tokens.json");
const advertiserFile = runFile<AdvertiserKeys>("e2e-advertisers.json");

/**
 * E1's answer for a client: the run's cached token while it has more than five
 * minutes to live (expires_in counts what is left), or a new exchange. A
 * refusal is returned as E1 gave it and not cached.
 */
export async function clientToken(
  clientId: string,
  clientSecret: string,
): Promise<{ status: number; body: TokenResponse | Record<string, unknown> }> {
  const key = createHash("sha256").update(`${clientId}:${clientSecret}`).digest("hex");
  const cached = tokenFile.read()[key];
  const now = Date.now();
  if (cached && cached.expiresAtMs - now > TOKEN_REUSE_MARGIN_MS)
    return {
      status: 200,
      body: { ...cached.response, expires_in: Math.floor((cached.expiresAtMs - now) / 1000) },
    };
  const res = await fetch(`${process.env.E2E_BASE_URL}/api/auth/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret }),
  });
  const body = (await res.json()) as TokenResponse;
  if (res.status === 200)
    tokenFile.write({ ...tokenFile.read(), [key]: { response: body, expiresAtMs: now + body.expires_in * 1000 } });
  return { status: res.status, body };
}

/** `<client_id>:<client_secret>` of a client with every scope, and of a read-only one. */
export type AdvertiserKeys = { full: string; readOnly: string };

/** An advertiser made once per run (operator CLI) under `name`, with a full and a read-only API client. */
export async function runAdvertiser(name: string): Promise<AdvertiserKeys> {
  const known = advertiserFile.read()[name];
  if (known) return known;
  const created = await createAdvertiser(name);
  const reader = await admin(
    "create-client",
    "--advertiser",
    created.advertiser_id!,
    "--scopes",
    "campaigns:read reporting:read",
  );
  const keys = {
    full: `${created.client_id}:${created.client_secret}`,
    readOnly: `${reader.client_id}:${reader.client_secret}`,
  };
  advertiserFile.write({ ...advertiserFile.read(), [name]: keys });
  return keys;
}

/** An access token of `apiKey` (`<client_id>:<client_secret>`), reused within the run. */
export async function accessToken(apiKey: string): Promise<string> {
  const [clientId, clientSecret] = apiKey.split(":");
  const { status, body } = await clientToken(clientId!, clientSecret!);
  if (status !== 200) throw new Error(`E1 answered ${status}: ${JSON.stringify(body)}`);
  return (body as TokenResponse).access_token;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Headers a forwarding hop must not copy (the body is re-framed and already decoded). */
const HOP_HEADERS = new Set([
  "host",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
]);

/**
 * The e2e app seen through a local hop that answers E1 with the run's token
 * cache (clientToken) and passes every other request through unchanged: for a
 * process that exchanges its own key at start, such as the MCP package's bin,
 * so that starting it again does not spend E1's per-IP budget. Its first
 * exchange of a key still reaches the real E1.
 */
export async function tokenReusingOrigin(): Promise<{ url: string; close(): Promise<void> }> {
  const base = process.env.E2E_BASE_URL!;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.method === "POST" && req.url === "/api/auth/token") {
        const form = new URLSearchParams(body.toString("utf8"));
        const answer = await clientToken(form.get("client_id") ?? "", form.get("client_secret") ?? "");
        res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (!HOP_HEADERS.has(name) && typeof value === "string") headers.set(name, value);
      const upstream = await fetch(`${base}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body),
        redirect: "manual",
      });
      const out: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name)) out[name] = value;
      });
      res.writeHead(upstream.status, out).end(Buffer.from(await upstream.arrayBuffer()));
    })().catch((error: unknown) => {
      res.writeHead(502, { "content-type": "text/plain" }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
