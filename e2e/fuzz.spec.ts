// The live fuzz test (docs/decisions/0920): every operation of the served
// OpenAPI document gets the bad requests test/fuzz-cases.ts makes from its
// schemas (missing required fields, values past each bound and length, wrong
// types, null and arrays for objects, unknown enum values and fields, repeated
// query keys, malformed, mistyped and oversized bodies, unknown ids and
// malformed values in the path), once with a token of
// the scope it needs and once without; every secured operation also gets an
// invalid token and, where a client can lack its scope, a token without it.
// Every answer must be a 4xx the document lists for the operation, with the
// documented content type and body (problem+json everywhere but E1's RFC 6749
// errors and GraphQL's own envelope); never a 5xx, never a connection closed
// before the answer.
//
// Rate limits are per client address (E1, postback misses) and per advertiser:
// the cases are sent from many loopback source addresses (127.0.10.1 to
// 127.0.12.254: on Linux the whole 127.0.0.0/8 reaches the loopback interface)
// so that a limit never answers in place of validation; 429s are counted.
import { execFile } from "node:child_process";
import { request as httpRequest } from "node:http";
import { promisify } from "node:util";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect, test } from "@playwright/test";
import {
  basePath,
  countByKind,
  fuzzCases,
  fuzzOperations,
  oversizedBody,
  validValue,
  type Bases,
  type FuzzCase,
  type FuzzOperation,
  type OpenApiDocument,
} from "../test/fuzz-cases";

/**
 * The operator CLI against the e2e database, as helpers.admin runs it, without blocking; `stdin`:
 * what its standard input holds (a password for --password-stdin), else nothing.
 */
async function adminAsync(args: string[], stdin = ""): Promise<Record<string, string>> {
  const running = promisify(execFile)("node_modules/.bin/tsx", ["scripts/admin.ts", ...args], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  running.child.stdin?.end(stdin);
  const { stdout } = await running;
  return JSON.parse(stdout) as Record<string, string>;
}

const BASE = new URL(process.env.E2E_BASE_URL!);
const ICON_ORIGIN = `http://127.0.0.1:${process.env.E2E_ICON_PORT}`;
const SEED = 920;
const CONCURRENCY = 6;

test.describe.configure({ timeout: 110_000 });

// ---------------------------------------------------------------- transport

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string; error?: string };

type Send = {
  method: string;
  path: string;
  query?: [string, string][];
  headers?: Record<string, string>;
  body?: Buffer;
  chunked?: boolean;
  localAddress?: string;
};

/** One request on its own connection from `localAddress`; an error before the whole answer is reported, not thrown. */
function send(options: Send): Promise<Answer> {
  const search = options.query?.length ? `?${new URLSearchParams(options.query).toString()}` : "";
  const headers: Record<string, string> = { connection: "close", ...options.headers };
  if (options.body && !options.chunked) headers["content-length"] = String(options.body.length);
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer) => {
      if (!settled) resolve(answer);
      settled = true;
    };
    const req = httpRequest(
      {
        host: BASE.hostname,
        port: BASE.port,
        method: options.method,
        path: `${options.path}${search}`,
        headers,
        localAddress: options.localAddress,
        agent: false,
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", (error) => done({ status: 0, headers: {}, text: "", error: `answer cut: ${error.message}` }));
        res.on("aborted", () => done({ status: 0, headers: {}, text: "", error: "answer aborted" }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    // a write error after the answer arrived (the server stopped reading an oversized body) is fine
    req.on("error", (error) => done({ status: 0, headers: {}, text: "", error: `no answer: ${error.message}` }));
    const body = options.body;
    if (!body) return void req.end();
    if (!options.chunked) return void req.end(body);
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + 16 * 1024);
        offset += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", writeMore);
      }
      req.end();
    };
    writeMore();
  });
}

/** Source addresses 127.0.10.1 .. 127.0.12.254, or only 127.0.0.1 where the system cannot bind them. */
async function sourceAddresses(): Promise<string[]> {
  const probe = await send({ method: "GET", path: "/.well-known/jwks.json", localAddress: "127.0.10.1" });
  if (probe.error) {
    console.log(`fuzz: cannot send from 127.0.10.1 (${probe.error}); every case comes from 127.0.0.1`);
    return ["127.0.0.1"];
  }
  const out: string[] = [];
  for (let third = 10; third <= 12; third++)
    for (let fourth = 1; fourth <= 254; fourth++) out.push(`127.0.${third}.${fourth}`);
  return out;
}

// ---------------------------------------------------------------- the document's answers

type ResponseObject = { content?: Record<string, { schema?: unknown }> };
type RawDoc = OpenApiDocument & {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
};

function pointer(...parts: string[]): string {
  return parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
}

class AnswerChecker {
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true });
  readonly #validators = new Map<string, ValidateFunction>();
  checks = 0;

  constructor(private readonly doc: RawDoc) {
    addFormats(this.#ajv);
    this.#ajv.addSchema(doc as object, "openapi");
  }

  /** What is wrong with `answer` to a bad request (nothing: []). */
  problems(operation: FuzzOperation, answer: Answer): string[] {
    this.checks += 1;
    if (answer.error) return [answer.error];
    const out: string[] = [];
    this.checks += 1;
    if (answer.status < 400 || answer.status > 499) out.push(`status ${answer.status} is not a 4xx`);
    const responses = this.doc.paths[operation.path]?.[operation.method.toLowerCase()]?.responses ?? {};
    const status = String(answer.status);
    this.checks += 1;
    const documented = responses[status];
    if (!documented) out.push(`status ${status} is not documented`);
    const type = String(answer.headers["content-type"] ?? "")
      .split(";")[0]!
      .trim();
    const types = Object.keys(documented?.content ?? { "application/problem+json": {} });
    this.checks += 1;
    if (!types.includes(type)) {
      out.push(`content type "${type}" is not one of ${types.join(", ")}`);
      return out;
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      out.push("the body is not JSON");
      return out;
    }
    this.checks += 1;
    if (documented) {
      const ref = pointer(
        "paths",
        operation.path,
        operation.method.toLowerCase(),
        "responses",
        status,
        "content",
        type,
        "schema",
      );
      let validate = this.#validators.get(ref);
      if (!validate) this.#validators.set(ref, (validate = this.#ajv.compile({ $ref: `openapi#/${ref}` })));
      if (!validate(body))
        out.push(`the body does not match the document: ${JSON.stringify(validate.errors).slice(0, 300)}`);
    }
    if (type === "application/problem+json") {
      this.checks += 1;
      const problem = body as Record<string, unknown>;
      for (const field of ["type", "title", "status", "detail", "code"])
        if (!(field in problem)) out.push(`the problem has no ${field}`);
      if (problem.status !== answer.status) out.push(`the problem's status ${String(problem.status)} is not ${status}`);
    }
    return out;
  }
}

// ---------------------------------------------------------------- the run

type Request = { operation: FuzzOperation; label: string; item?: FuzzCase; send: Omit<Send, "localAddress"> };

/** The path template with each parameter's value as given: already percent-encoded. */
function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `fuzz_missing_${name}`);
}

function caseBody(item: FuzzCase, operation: FuzzOperation): { body?: Buffer; chunked?: boolean; type?: string } {
  const body = item.body;
  if (!body) return {};
  const form = operation.body?.contentType === "application/x-www-form-urlencoded";
  switch (body.type) {
    case "json":
      return { body: Buffer.from(JSON.stringify(body.value)), type: "application/json" };
    case "form":
      return { body: Buffer.from(new URLSearchParams(body.pairs).toString()), type: operation.body!.contentType };
    case "raw":
      return { body: Buffer.from(body.text), type: body.contentType };
    case "oversized":
      return {
        body: Buffer.from(oversizedBody(body.bytes, form)),
        chunked: body.chunked,
        type: operation.body!.contentType,
      };
  }
}

test("every operation answers bad input with a documented 4xx, never a 5xx or a reset", async () => {
  const started = Date.now();
  const docAnswer = await send({ method: "GET", path: "/.well-known/openapi.json" });
  expect(docAnswer.status).toBe(200);
  const doc = JSON.parse(docAnswer.text) as RawDoc;
  const operations = fuzzOperations(doc);
  const addresses = await sourceAddresses();
  let nextAddress = 0;
  const from = () => addresses[nextAddress++ % addresses.length]!;

  // --- an advertiser with a client of each scope set, a platform key, and live ids
  // the operator CLI (a process each, seconds under load): the clients and the key at the same time
  const created = await adminAsync(
    ["create-advertiser", "--name", "e2e fuzz", "--email", `e2e-fuzz-${Date.now()}@example.test`, "--password-stdin"],
    "e2e-password-123\n",
  );
  const client = (scopes: string) =>
    adminAsync(["create-client", "--advertiser", created.advertiser_id!, "--scopes", scopes]);
  const [readOnly, noReporting, platform] = await Promise.all([
    client("campaigns:read reporting:read"),
    client("campaigns:read campaigns:write"),
    adminAsync(["create-platform-key", "--name", `e2e-fuzz-${Date.now()}`]),
  ]);
  const platformKey = platform.key!;
  const token = async (client: Record<string, string>) => {
    const answer = await send({
      method: "POST",
      path: "/api/auth/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: Buffer.from(
        new URLSearchParams({
          grant_type: "client_credentials",
          client_id: client.client_id!,
          client_secret: client.client_secret!,
        }).toString(),
      ),
      localAddress: from(),
    });
    expect(answer.status, answer.text).toBe(200);
    return (JSON.parse(answer.text) as { access_token: string }).access_token;
  };
  const tokens = { full: await token(created), readOnly: await token(readOnly), noReporting: await token(noReporting) };
  const authed = (bearer: string) => ({ authorization: `Bearer ${bearer}` });
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const jsonHeaders = { ...authed(tokens.full), "content-type": "application/json" };

  const schemaOf = (path: string, method = "post") =>
    operations.find((op) => op.path === path && op.method === method.toUpperCase())!.body!.schema;
  const today = new Date().toISOString().slice(0, 10);
  const creative = {
    ...(validValue(schemaOf("/api/ads/campaigns/{id}/variants")) as object),
    icon_url: `${ICON_ORIGIN}/icon.png`,
    action_url: "https://example.com/landing",
  };
  const campaignBody = {
    ...(validValue(schemaOf("/api/ads/campaigns")) as object),
    moment_types: ["close_game"],
    sports: ["nba"],
    bid_cpm_usd: 50,
    start_date: today,
    creative,
  };
  const campaign = await send({
    method: "POST",
    path: "/api/ads/campaigns",
    headers: jsonHeaders,
    body: json(campaignBody),
  });
  expect(campaign.status, campaign.text).toBe(201);
  const createdCampaign = JSON.parse(campaign.text) as { id: string; creative: { id: string } };
  const campaignId = createdCampaign.id;
  const webhookBody = { url: `${ICON_ORIGIN}/hook`, events: ["campaign.ended"] };
  const webhook = await send({
    method: "POST",
    path: "/api/ads/webhooks",
    headers: jsonHeaders,
    body: json(webhookBody),
  });
  expect(webhook.status, webhook.text).toBe(201);
  const webhookId = (JSON.parse(webhook.text) as { id: string }).id;
  // a postback key, revoked at once: its DELETE has a live id, and the fuzz advertiser's postbacks (when its
  // campaign wins the decision below) still need no key, so the postbacks' base stays valid
  const postbackKey = await send({ method: "POST", path: "/api/ads/postback-keys", headers: authed(tokens.full) });
  expect(postbackKey.status, postbackKey.text).toBe(201);
  const postbackKeyId = (JSON.parse(postbackKey.text) as { id: string }).id;
  const revokedKey = await send({
    method: "DELETE",
    path: `/api/ads/postback-keys/${postbackKeyId}`,
    headers: authed(tokens.full),
  });
  expect(revokedKey.status, revokedKey.text).toBe(200);
  const decisionBody = { moment_type: "close_game", sport: "nba", game_id: "fuzz-game", user_id: "fuzz-user" };
  const decision = await send({
    method: "POST",
    path: "/api/delivery/decisions",
    headers: { authorization: `Bearer ${platformKey}`, "content-type": "application/json" },
    body: json(decisionBody),
  });
  expect([200, 204], decision.text).toContain(decision.status);
  // the click of whichever campaign won (another spec's, perhaps): a live click id makes the postback's base valid
  const served =
    decision.status === 200 ? (JSON.parse(decision.text) as { campaign_id: string; click_url: string }) : undefined;
  const click = served
    ? { campaign_id: served.campaign_id, click_id: new URL(served.click_url).pathname.split("/").pop()! }
    : { campaign_id: campaignId, click_id: "clk_fuzz_unknown" };

  const setupSeconds = ((Date.now() - started) / 1000).toFixed(1);
  const ids: Record<string, string> = { id: campaignId, click_id: click.click_id, delivery_id: "whd_fuzz_unknown" };
  // live path values (not encoded); a parameter without one (next-auth's action) takes its schema's example
  const idsFor = (path: string): Record<string, string> =>
    path.startsWith("/api/ads/webhooks/")
      ? { ...ids, id: webhookId }
      : path.startsWith("/api/ads/creatives/")
        ? { ...ids, id: createdCampaign.creative.id }
        : path.startsWith("/api/ads/postback-keys/")
          ? { ...ids, id: postbackKeyId }
          : ids;
  // valid requests each case breaks one rule of (the schema's examples, made live where they must be)
  const bases: Record<string, Bases> = {
    "POST /api/auth/token": {
      body: { grant_type: "client_credentials", client_id: created.client_id, client_secret: created.client_secret },
    },
    "POST /api/ads/campaigns": { body: campaignBody },
    "PATCH /api/ads/campaigns/{id}": { body: { name: "fuzz renamed" } },
    "POST /api/ads/campaigns/{id}/variants": { body: creative },
    "POST /api/ads/webhooks": { body: webhookBody },
    "PATCH /api/ads/webhooks/{id}": { body: { events: ["campaign.ended", "click.recorded"] } },
    "GET /api/ads/postback": { query: { ...click, event_type: "install" } },
    "POST /api/ads/postback": { body: { ...click, event_type: "install" } },
    "POST /api/delivery/decisions": { body: decisionBody },
    "POST /mcp": { body: { jsonrpc: "2.0", id: 1, method: "tools/list" } },
    "POST /api/graphql": { body: { query: "{ momentTypes { key } }" } },
    "GET /api/graphql": {
      query: { query: "{ momentTypes { key } }" },
      headers: { "apollo-require-preflight": "true" },
    },
  };
  /** Headers an operation needs besides its parameters (documented in its description). */
  const extraHeaders = (operation: FuzzOperation): Record<string, string> =>
    operation.path === "/mcp" ? { accept: "application/json, text/event-stream" } : {};

  // --- the requests: every case with the right credentials and without any; a bad token; a missing scope
  const requests: Request[] = [];
  const allCases: FuzzCase[] = [];
  const silent: string[] = [];
  for (const operation of operations) {
    const key = `${operation.method} ${operation.path}`;
    const operationBases: Bases = { path: idsFor(operation.path), ...bases[key] };
    const cases = fuzzCases(operation, { seed: SEED, bases: operationBases });
    allCases.push(...cases);
    const path = fill(operation.path, basePath(operation, operationBases));
    const credentials: Record<string, string> =
      operation.auth.kind === "token"
        ? authed(tokens.full)
        : operation.auth.kind === "platform"
          ? { authorization: `Bearer ${platformKey}` }
          : {};
    for (const item of cases) {
      const { body, chunked, type } = caseBody(item, operation);
      const headers = { ...extraHeaders(operation), ...item.headers, ...(type ? { "content-type": type } : {}) };
      const base = {
        method: operation.method,
        path: fill(operation.path, item.path),
        query: item.query,
        body,
        chunked,
      };
      // a path case names the value it sent (several break the same parameter)
      const sent = item.target.startsWith("path:") ? ` ${item.path[item.target.slice(5)]!.slice(0, 40)}` : "";
      const label = `${item.kind} ${item.target}${sent}`;
      requests.push({ operation, item, label, send: { ...base, headers: { ...headers, ...credentials } } });
      if (operation.auth.kind !== "none")
        requests.push({ operation, item, label: `${label} (no credentials)`, send: { ...base, headers } });
    }
    if (operation.auth.kind === "none") {
      if (cases.length === 0) silent.push(key);
      continue;
    }
    const sample = cases[0];
    const plain = { method: operation.method, path, query: sample?.query ?? [], headers: extraHeaders(operation) };
    requests.push({ operation, label: "no credentials", send: plain });
    requests.push({
      operation,
      label: "invalid credentials",
      send: { ...plain, headers: { ...plain.headers, authorization: "Bearer fuzz.not.a-token" } },
    });
    if (operation.auth.kind === "token" && operation.auth.scopes.length > 0) {
      const lacking = operation.auth.scopes.includes("campaigns:write")
        ? tokens.readOnly
        : operation.auth.scopes.includes("reporting:read")
          ? tokens.noReporting
          : undefined;
      if (lacking)
        requests.push({
          operation,
          label: "token without the scope",
          send: { ...plain, headers: { ...plain.headers, ...authed(lacking) } },
        });
    }
  }
  // --- send them, a few at a time, each from the next source address
  const checker = new AnswerChecker(doc);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let index = 0;
  const worker = async () => {
    for (;;) {
      const request = requests[index++];
      if (!request) return;
      const answer = await send({ ...request.send, localAddress: from() });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      for (const problem of checker.problems(request.operation, answer))
        failures.push(
          `${request.operation.method} ${request.operation.path} [${request.label}]: ${problem} — ${answer.text.slice(0, 200)}`,
        );
    }
  };
  // DELETEs last, once everything else is answered: one that went through would change what later cases meet
  const firstPart = requests.filter((request) => request.operation.method !== "DELETE");
  const lastPart = requests.filter((request) => request.operation.method === "DELETE");
  try {
    requests.length = 0;
    requests.push(...firstPart);
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    requests.length = 0;
    index = 0;
    requests.push(...lastPart);
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    // the fuzz's campaign bids high on close_game in the NBA: cancelled, it wins no auction of a later spec
    const cancelled = await send({
      method: "DELETE",
      path: `/api/ads/campaigns/${campaignId}`,
      headers: authed(tokens.full),
    });
    expect(cancelled.status, cancelled.text).toBe(200);
  }

  const sent = firstPart.length + lastPart.length;
  const counts = Object.entries(countByKind(allCases))
    .map(([kind, count]) => `${kind} ${count}`)
    .join(", ");
  console.log(
    `fuzz: ${operations.length} operations, ${allCases.length} cases (${counts}); ${sent} requests from ` +
      `${Math.min(addresses.length, sent)} source addresses, ${checker.checks} checks, statuses ` +
      `${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; public operations without input: ` +
      `${silent.join(", ")}; postback click ${served ? "live" : "unknown (no fill)"}; ${failures.length} failures; ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s (setup ${setupSeconds} s)`,
  );
  // every documented operation was sent something (the public ones without any input are listed above)
  const reached = new Set(
    [...firstPart, ...lastPart].map((request) => `${request.operation.method} ${request.operation.path}`),
  );
  expect(
    operations
      .filter((op) => !reached.has(`${op.method} ${op.path}`))
      .map((op) => `${op.method} ${op.path}`)
      .sort(),
  ).toEqual(silent.sort());
  // rate limits must not stand in for validation
  expect(statuses.get(429) ?? 0, "429 answers").toBeLessThanOrEqual(Math.ceil(sent * 0.02));
  expect(failures, failures.slice(0, 60).join("\n")).toEqual([]);
});

// ---------------------------------------------------------------- the account mutations
//
// changePassword and signOutEverywhere (docs/decisions/1423) take their input in GraphQL
// variables, which the document-driven cases above do not reach: each gets wrong types,
// missing and unknown fields, nulls, huge strings and NULs, with the dashboard session and
// with a token. Every answer must be GraphQL's envelope with a 200 or 400 (413 past the
// body limit), never a 5xx or a reset; nothing may change the account (the session still
// works and the password still signs in).
test("the account mutations answer bad input with GraphQL errors, never a 5xx", async () => {
  const password = "fuzz account pass phrase";
  const email = `e2e-fuzz-account-${Date.now()}@example.test`;
  const created = await adminAsync(
    ["create-advertiser", "--name", "e2e fuzz account", "--email", email, "--password-stdin"],
    `${password}\n`,
  );
  const cookiesOf = (answer: Answer) =>
    ([answer.headers["set-cookie"] ?? []].flat() as string[]).map((line) => line.split(";")[0]!);
  /** next-auth's sign-in over HTTP: the Cookie header of the session (CSRF cookie included). */
  const signIn = async (secret: string) => {
    const csrf = await send({ method: "GET", path: "/api/auth/csrf" });
    const jar = cookiesOf(csrf);
    const answer = await send({
      method: "POST",
      path: "/api/auth/callback/credentials",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
      body: Buffer.from(
        new URLSearchParams({
          csrfToken: (JSON.parse(csrf.text) as { csrfToken: string }).csrfToken,
          email,
          password: secret,
          json: "true",
        }).toString(),
      ),
    });
    return [...jar, ...cookiesOf(answer)].join("; ");
  };
  const cookie = await signIn(password);
  expect(cookie).toContain(".session=");
  const graphql = (body: Buffer, headers: Record<string, string> = { cookie }) =>
    send({ method: "POST", path: "/api/graphql", headers: { "content-type": "application/json", ...headers }, body });
  const op = (query: string, variables?: unknown) => Buffer.from(JSON.stringify({ query, variables }));
  const CHANGE =
    "mutation($input: ChangePasswordInput!) { changePassword(input: $input) { changedAt userErrors { field code message } } }";
  const EVERYWHERE = "mutation { signOutEverywhere { signedOutAt userErrors { field code message } } }";
  const huge = "p".repeat(40_000);
  const strong = "a strong new pass phrase 7";
  const bodies: [string, Buffer][] = [
    ["input missing", op(CHANGE, {})],
    ["input null", op(CHANGE, { input: null })],
    ["input a string", op(CHANGE, { input: "x" })],
    ["input an array", op(CHANGE, { input: [password, strong] })],
    ["currentPassword missing", op(CHANGE, { input: { newPassword: strong } })],
    ["newPassword missing", op(CHANGE, { input: { currentPassword: password } })],
    ["currentPassword a number", op(CHANGE, { input: { currentPassword: 12345, newPassword: strong } })],
    ["newPassword an object", op(CHANGE, { input: { currentPassword: password, newPassword: { a: 1 } } })],
    ["newPassword null", op(CHANGE, { input: { currentPassword: password, newPassword: null } })],
    ["unknown field", op(CHANGE, { input: { currentPassword: password, newPassword: strong, admin: true } })],
    ["NUL in currentPassword", op(CHANGE, { input: { currentPassword: `${password}\u0000`, newPassword: strong } })],
    ["NUL in newPassword", op(CHANGE, { input: { currentPassword: password, newPassword: `a\u0000${strong}` } })],
    ["huge newPassword", op(CHANGE, { input: { currentPassword: password, newPassword: huge } })],
    ["huge currentPassword", op(CHANGE, { input: { currentPassword: huge, newPassword: strong } })],
    ["empty strings", op(CHANGE, { input: { currentPassword: "", newPassword: "" } })],
    ["weak newPassword", op(CHANGE, { input: { currentPassword: password, newPassword: "password1234" } })],
    [
      "inline literal of the wrong type",
      op(`mutation { changePassword(input: { currentPassword: 1, newPassword: 2 }) { changedAt } }`),
    ],
    ["no selection", op(`mutation { changePassword(input: { currentPassword: "a", newPassword: "b" }) }`)],
    ["signOutEverywhere with an argument", op(`mutation { signOutEverywhere(input: { all: true }) { signedOutAt } }`)],
    ["signOutEverywhere unknown field", op(`mutation { signOutEverywhere { signedOutAt everyone } }`)],
    ["variables a string", Buffer.from(JSON.stringify({ query: CHANGE, variables: "input" }))],
    ["past the body limit", op(CHANGE, { input: { currentPassword: password, newPassword: "q".repeat(300_000) } })],
    ["not JSON", Buffer.from(`{"query": "${CHANGE.slice(0, 40)}`)],
  ];
  const failures: string[] = [];
  const check = (label: string, answer: Answer) => {
    if (answer.error || answer.status >= 500 || ![200, 400, 413].includes(answer.status)) {
      failures.push(`${label}: ${answer.status} ${answer.error ?? ""} ${answer.text.slice(0, 200)}`);
      return;
    }
    let body: { data?: Record<string, { changedAt?: string; signedOutAt?: string } | null>; errors?: unknown[] };
    try {
      body = JSON.parse(answer.text) as typeof body;
    } catch {
      failures.push(`${label}: not JSON: ${answer.text.slice(0, 200)}`);
      return;
    }
    const done = body.data?.changePassword?.changedAt ?? body.data?.signOutEverywhere?.signedOutAt;
    if (done) failures.push(`${label}: the account changed: ${answer.text.slice(0, 200)}`);
    if (!body.errors && !body.data) failures.push(`${label}: neither data nor errors: ${answer.text.slice(0, 200)}`);
  };
  for (const [label, body] of bodies) check(label, await graphql(body));
  // a token (no session) and no credentials at all: FORBIDDEN and UNAUTHENTICATED, never a change
  const tokenAnswer = await send({
    method: "POST",
    path: "/api/auth/token",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: Buffer.from(
      new URLSearchParams({
        grant_type: "client_credentials",
        client_id: created.client_id!,
        client_secret: created.client_secret!,
      }).toString(),
    ),
  });
  expect(tokenAnswer.status, tokenAnswer.text).toBe(200);
  const bearer = { authorization: `Bearer ${(JSON.parse(tokenAnswer.text) as { access_token: string }).access_token}` };
  for (const [label, body] of [
    ["changePassword", op(CHANGE, { input: { currentPassword: password, newPassword: strong } })],
    ["signOutEverywhere", op(EVERYWHERE)],
  ] as const) {
    const withToken = await graphql(body, bearer);
    check(`${label} with a token`, withToken);
    expect(withToken.text, label).toContain('"apiCode":"session_required"');
    const anonymous = await graphql(body, {});
    check(`${label} without credentials`, anonymous);
    expect(anonymous.text, label).toContain('"code":"UNAUTHENTICATED"');
  }
  expect(failures, failures.join("\n")).toEqual([]);
  // nothing changed: the session still answers, and the password still signs in
  const viewer = await graphql(op("{ viewer { user { email } } }"));
  expect((JSON.parse(viewer.text) as { data: unknown }).data).toEqual({ viewer: { user: { email } } });
  expect(await signIn(password)).toContain(".session=");
});

// ---------------------------------------------------------------- the team mutations
//
// Members, invitations, switching, the user's own details and the password reset
// (docs/decisions/1009, 1219, 1220, 1426) take their input in GraphQL variables too:
// wrong types, missing and unknown fields, nulls, huge strings and NULs, with an admin's
// session. Every answer is GraphQL's envelope with a 200 or 400 (413 past the body limit),
// never a 5xx; nothing changes: no invitation, the one member still admin, the name,
// time zone and email as they were, the password still signs in.
test("the team and account-settings mutations answer bad input with GraphQL errors, never a 5xx", async () => {
  const password = "fuzz team pass phrase";
  const email = `e2e-fuzz-team-${Date.now()}@example.test`;
  await adminAsync(
    ["create-advertiser", "--name", "e2e fuzz team", "--email", email, "--password-stdin"],
    `${password}\n`,
  );
  const cookiesOf = (answer: Answer) =>
    ([answer.headers["set-cookie"] ?? []].flat() as string[]).map((line) => line.split(";")[0]!);
  const csrf = await send({ method: "GET", path: "/api/auth/csrf" });
  const jar = cookiesOf(csrf);
  const signedIn = await send({
    method: "POST",
    path: "/api/auth/callback/credentials",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: Buffer.from(
      new URLSearchParams({
        csrfToken: (JSON.parse(csrf.text) as { csrfToken: string }).csrfToken,
        email,
        password,
        json: "true",
      }).toString(),
    ),
  });
  const cookie = [...jar, ...cookiesOf(signedIn)].join("; ");
  expect(cookie).toContain(".session=");
  const graphql = (body: Buffer) =>
    send({ method: "POST", path: "/api/graphql", headers: { "content-type": "application/json", cookie }, body });
  const op = (query: string, variables?: unknown) => Buffer.from(JSON.stringify({ query, variables }));
  const mutation = (field: string, input: string, selection: string) =>
    `mutation($input: ${input}!) { ${field}(input: $input) { ${selection} userErrors { field code message } } }`;
  const INVITE = mutation("inviteMember", "InviteMemberInput", "url");
  const REVOKE = mutation("revokeInvitation", "RevokeInvitationInput", "invitation { id }");
  const ROLE = mutation("changeMemberRole", "ChangeMemberRoleInput", "member { userId }");
  const REMOVE = mutation("removeMember", "RemoveMemberInput", "removedUserId");
  const SWITCH = mutation("switchAdvertiser", "SwitchAdvertiserInput", "membership { advertiserId }");
  const UPDATE = mutation("updateAccount", "UpdateAccountInput", "user { name }");
  const EMAIL = mutation("changeEmail", "ChangeEmailInput", "user { email }");
  const RESET = mutation("completePasswordReset", "CompletePasswordResetInput", "email");
  const FORGOT = mutation("requestPasswordReset", "RequestPasswordResetInput", "requestedAt");
  const huge = "x".repeat(40_000);
  const bodies: [string, Buffer][] = [];
  for (const [name, query] of Object.entries({ INVITE, REVOKE, ROLE, REMOVE, SWITCH, UPDATE, EMAIL, RESET, FORGOT })) {
    bodies.push(
      [`${name}: input missing`, op(query, {})],
      [`${name}: input null`, op(query, { input: null })],
      [`${name}: input a string`, op(query, { input: "x" })],
      [`${name}: input an array`, op(query, { input: [1, 2] })],
      [`${name}: unknown field`, op(query, { input: { admin: true } })],
    );
  }
  bodies.push(
    ["invite: email a number", op(INVITE, { input: { email: 5, role: "VIEWER" } })],
    ["invite: role unknown", op(INVITE, { input: { email: "a@example.test", role: "OWNER" } })],
    ["invite: role lower case", op(INVITE, { input: { email: "a@example.test", role: "viewer" } })],
    ["invite: not an email", op(INVITE, { input: { email: "not an email", role: "VIEWER" } })],
    ["invite: NUL in email", op(INVITE, { input: { email: "a\u0000@example.test", role: "VIEWER" } })],
    ["invite: huge email", op(INVITE, { input: { email: `${huge}@example.test`, role: "VIEWER" } })],
    ["invite: own email", op(INVITE, { input: { email, role: "ADMIN" } })],
    ["revoke: unknown id", op(REVOKE, { input: { id: "inv_nope" } })],
    ["revoke: huge id", op(REVOKE, { input: { id: huge } })],
    ["revoke: empty id", op(REVOKE, { input: { id: "" } })],
    ["role: unknown user", op(ROLE, { input: { userId: "usr_nope", role: "VIEWER" } })],
    ["role: NUL in id", op(ROLE, { input: { userId: "usr_\u0000", role: "VIEWER" } })],
    ["role: null role", op(ROLE, { input: { userId: "usr_nope", role: null } })],
    ["remove: unknown user", op(REMOVE, { input: { userId: "usr_nope" } })],
    ["remove: id an object", op(REMOVE, { input: { userId: { a: 1 } } })],
    ["switch: unknown advertiser", op(SWITCH, { input: { advertiserId: "adv_nope" } })],
    ["switch: huge id", op(SWITCH, { input: { advertiserId: huge } })],
    ["update: nothing given", op(UPDATE, { input: {} })],
    ["update: empty name", op(UPDATE, { input: { name: "   " } })],
    ["update: huge name", op(UPDATE, { input: { name: huge } })],
    ["update: NUL in name", op(UPDATE, { input: { name: "a\u0000b" } })],
    ["update: unknown zone", op(UPDATE, { input: { timeZone: "Mars/Olympus_Mons" } })],
    ["update: zone a number", op(UPDATE, { input: { timeZone: 5 } })],
    ["email: wrong password", op(EMAIL, { input: { currentPassword: "wrong one", newEmail: "new@example.test" } })],
    ["email: not an email", op(EMAIL, { input: { currentPassword: password, newEmail: "nope" } })],
    ["email: the same", op(EMAIL, { input: { currentPassword: password, newEmail: email } })],
    ["email: huge", op(EMAIL, { input: { currentPassword: password, newEmail: `${huge}@example.test` } })],
    [
      "reset: unknown token",
      op(RESET, { input: { token: "sma_reset_nope", newPassword: "a strong new pass phrase 7" } }),
    ],
    ["reset: huge token", op(RESET, { input: { token: huge, newPassword: "a strong new pass phrase 7" } })],
    ["reset: NUL", op(RESET, { input: { token: "a\u0000", newPassword: "a strong new pass phrase 7" } })],
    ["forgot: not an email", op(FORGOT, { input: { email: "nope" } })],
    ["forgot: huge", op(FORGOT, { input: { email: `${huge}@example.test` } })],
    ["variables a string", Buffer.from(JSON.stringify({ query: INVITE, variables: "input" }))],
    ["past the body limit", op(UPDATE, { input: { name: "q".repeat(300_000) } })],
  );
  const failures: string[] = [];
  for (const [label, body] of bodies) {
    const answer = await graphql(body);
    if (answer.error || answer.status >= 500 || ![200, 400, 413].includes(answer.status)) {
      failures.push(`${label}: ${answer.status} ${answer.error ?? ""} ${answer.text.slice(0, 200)}`);
      continue;
    }
    let parsed: { data?: Record<string, Record<string, unknown> | null>; errors?: unknown[] };
    try {
      parsed = JSON.parse(answer.text) as typeof parsed;
    } catch {
      failures.push(`${label}: not JSON: ${answer.text.slice(0, 200)}`);
      continue;
    }
    if (!parsed.errors && !parsed.data)
      failures.push(`${label}: neither data nor errors: ${answer.text.slice(0, 200)}`);
    const payload = Object.values(parsed.data ?? {})[0];
    const changed = payload && Object.entries(payload).some(([key, value]) => key !== "userErrors" && value != null);
    if (changed) failures.push(`${label}: something changed: ${answer.text.slice(0, 200)}`);
  }
  expect(failures, failures.join("\n")).toEqual([]);
  const state = await graphql(
    op("{ viewer { role user { email name timeZone } } members { email role } invitations { id } }"),
  );
  expect((JSON.parse(state.text) as { data: unknown }).data).toEqual({
    viewer: { role: "ADMIN", user: { email, name: "e2e fuzz team", timeZone: "UTC" } },
    members: [{ email, role: "ADMIN" }],
    invitations: [],
  });
});
