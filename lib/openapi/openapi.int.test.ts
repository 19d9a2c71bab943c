// both databases: its samples reach invoices in raw SQL
// The OpenAPI document covers every route the app serves (Next route handlers
// under app/ and the hot router's routes), documents nothing that is not
// served, and a real request and response of each route validate against it.
// The REST surface's paths are documented by construction (lib/http/rest-surface.ts); any other
// route added later fails this test until it is documented, and every route until it has a
// sample in SAMPLES below.
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decideAuthorization } from "@/lib/auth/oauth/grants";
import { apiRoutes } from "@/lib/http/rest-router";
import { createHotRouter } from "@/lib/server/hot-routes";
import { createOAuthApp, OAUTH_ROUTES } from "@/lib/server/oauth-routes";
import { campaignBody, creativeBody } from "@/test/campaign-input";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { call, type CallOptions } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { expectMatchesOpenApi, expectRequestMatchesOpenApi, matchTemplate } from "@/test/openapi";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { SCOPES } from "@/lib/auth/scopes";
import { db } from "@/lib/db/client";
import { stopDeliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { reloadEnv } from "@/lib/env";
import { emitCampaignsChanged } from "@/lib/process-events";
import { startHotServer, type HotServer } from "@/test/hot-server";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedClick, seedDelivery } from "@/test/factories/delivery";
import { enqueueTestEvent } from "@/test/factories/webhook-events";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";
import { availableTools } from "@/mcp/src/registry";
import { buildOpenApiDocument } from "./document";
import { issueInvoices } from "@/lib/domain/billing/invoices";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
const APP_DIR = join(process.cwd(), "app");
const CATCH_ALL = join(APP_DIR, "api", "[...path]", "route.ts");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /^route\.(ts|tsx|js)$/.test(entry.name) ? [full] : [];
  });
}

/** app/api/ads/campaigns/[id]/route.ts -> /api/ads/campaigns/{id}; route groups "(x)" vanish; [...x] and [[...x]] -> {x}. */
export function routePath(file: string): string {
  const segments = relative(APP_DIR, file).split(sep).slice(0, -1);
  const parts = segments
    .filter((segment) => !/^\(.*\)$/.test(segment))
    .map((segment) => segment.replace(/^\[\[?(?:\.\.\.)?([^\]]+)\]?\]$/, "{$1}"));
  return `/${parts.join("/")}`;
}

type Served = { method: string; path: string; source: string };

async function servedRoutes(): Promise<Served[]> {
  const served: Served[] = [];
  for (const file of routeFiles(APP_DIR)) {
    // the catch-all serves the REST surface's paths under /api/ (lib/http/rest-surface.ts), each with its methods
    if (file === CATCH_ALL) {
      for (const route of apiRoutes())
        for (const entry of route.entries)
          served.push({ method: entry.method, path: route.path, source: "lib/http/rest-surface.ts" });
      continue;
    }
    const mod = (await import(file)) as Record<string, unknown>;
    for (const method of METHODS)
      if (typeof mod[method] === "function")
        served.push({ method, path: routePath(file), source: relative(process.cwd(), file) });
  }
  for (const route of createHotRouter().routes())
    served.push({ method: route.method, path: route.path, source: "lib/server/hot-routes.ts" });
  for (const route of OAUTH_ROUTES) served.push({ ...route, source: "lib/server/oauth-routes.ts" });
  return served;
}

const document = buildOpenApiDocument("http://sma.test") as unknown as {
  paths: Record<string, Record<string, unknown>>;
};
const documentedPaths = Object.keys(document.paths);

/** The documented template for a served path: exact for Next routes, "/c/*" matches "/c/{param}" and deeper. */
function documentedTemplate(path: string): string | undefined {
  if (path.endsWith("/*")) {
    const prefix = path.slice(0, -1);
    return documentedPaths.find(
      (template) => template.startsWith(prefix) && /^\{[^}]+\}/.test(template.slice(prefix.length)),
    );
  }
  return documentedPaths.includes(path) ? path : undefined;
}

describe("OpenAPI route coverage", () => {
  it("maps route files to paths", () => {
    expect(routePath(join(APP_DIR, "api/ads/campaigns/[id]/variants/route.ts"))).toBe(
      "/api/ads/campaigns/{id}/variants",
    );
    expect(routePath(join(APP_DIR, "(portal)/api/auth/[...nextauth]/route.ts"))).toBe("/api/auth/{nextauth}");
    expect(routePath(join(APP_DIR, ".well-known/openapi.json/route.ts"))).toBe("/.well-known/openapi.json");
    expect(matchTemplate(["/c/{click_id}"], "/c/clk_1")).toBe("/c/{click_id}");
  });

  it("documents every served route and method", async () => {
    const missing = (await servedRoutes())
      .filter((route) => {
        const template = documentedTemplate(route.path);
        return !template || !document.paths[template]![route.method.toLowerCase()];
      })
      .map((route) => `${route.method} ${route.path} (${route.source})`);
    expect(missing, "served but missing from lib/openapi/paths/*").toEqual([]);
  });

  it("documents nothing that is not served", async () => {
    const served = await servedRoutes();
    const stale = documentedPaths.flatMap((template) =>
      Object.keys(document.paths[template]!)
        .filter((method) => METHODS.includes(method.toUpperCase() as (typeof METHODS)[number]))
        .filter(
          (method) =>
            !served.some(
              (route) => route.method === method.toUpperCase() && documentedTemplate(route.path) === template,
            ),
        )
        .map((method) => `${method.toUpperCase()} ${template}`),
    );
    expect(stale, "documented but not served").toEqual([]);
  });
});

// ------------------------------------------------------------------ samples

let icons: IconServer;
let receiver: Receiver;
let hot: HotServer;
let oauth: { server: Server; url: string };
let adv: TestAdvertiser;
let headers: Record<string, string>;

beforeAll(async () => {
  icons = await startIconServer();
  receiver = await startReceiver();
  hot = await startHotServer();
  const oauthApp = createOAuthApp();
  const oauthServer = createServer((req, res) => {
    req.headers["x-sma-client-ip"] = "203.0.113.77";
    oauthApp(req, res);
  });
  await new Promise<void>((resolve) => oauthServer.listen(0, "127.0.0.1", resolve));
  oauth = { server: oauthServer, url: `http://127.0.0.1:${(oauthServer.address() as AddressInfo).port}` };
  process.env.OUTBOUND_ALLOW_HOSTS = `${process.env.OUTBOUND_ALLOW_HOSTS},${receiver.hostPort}`;
  reloadEnv();
  adv = await createTestAdvertiser();
  headers = await adv.auth();
});
afterAll(async () => {
  await new Promise((resolve) => oauth.server.close(resolve));
  await hot.close();
  await stopDeliveryEngine();
  await receiver.close();
  await icons.close();
});

type Sample = () => Promise<void>;

let oauthTokens: { refresh_token: string } | undefined;
let oauthClientId: string | undefined;

/** A request to the OAuth app (as server.ts serves it), its answer validated against the document. */
async function oauthCall(
  method: "GET" | "POST",
  path: string,
  options: { query?: Record<string, string>; form?: Record<string, string>; json?: unknown },
) {
  const url = new URL(`${oauth.url}${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method,
    redirect: "manual",
    ...(options.form && {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(options.form),
    }),
    ...(options.json !== undefined && {
      headers: { "content-type": "application/json" },
      body: JSON.stringify(options.json),
    }),
  });
  const text = await response.text();
  // a redirect's body is Express's "Found. Redirecting to …" text: the document describes no content for it
  const json = (response.headers.get("content-type") ?? "").includes("json");
  const body = text && json ? (JSON.parse(text) as unknown) : undefined;
  expectMatchesOpenApi(method, path, response.status, body);
  return { status: response.status, body, location: response.headers.get("location") };
}

/** A registered client and a PKCE pair. */
async function oauthClient() {
  const created = await oauthCall("POST", "/oauth/register", { json: { redirect_uris: ["http://127.0.0.1:9/cb"] } });
  const verifier = randomBytes(32).toString("base64url");
  return {
    clientId: (created.body as { client_id: string }).client_id,
    verifier,
    challenge: createHash("sha256").update(verifier).digest("base64url"),
  };
}

async function importRoute(path: string) {
  // under api/ the catch-all route serves every path of the REST surface, by the request's path
  const file = path.startsWith("api/") ? CATCH_ALL : join(APP_DIR, path, "route.ts");
  return (await import(file)) as Record<
    string,
    (request: Request, context?: { params?: Promise<Record<string, string>> }) => Promise<Response>
  >;
}

/** Calls the route, validates the request body (if any) and the response against the document, returns the response. */
async function exercise(
  method: string,
  routeDir: string,
  path: string,
  options: CallOptions & { status: number; requestType?: string; responseType?: string },
) {
  const mod = await importRoute(routeDir);
  if (options.body !== undefined) {
    const body = options.body instanceof URLSearchParams ? Object.fromEntries(options.body) : options.body;
    expectRequestMatchesOpenApi(method, path, body, options.requestType);
  }
  const res = await call(mod[method]!, path, { ...options, method });
  expect(res.status, `${method} ${path}: ${res.text.slice(0, 500)}`).toBe(options.status);
  // a named response type is the one served; a text one (HTML, CSV) is validated as the text
  const type = options.responseType;
  if (type) expect(res.headers.get("content-type") ?? "", `${method} ${path}`).toContain(type);
  expectMatchesOpenApi(method, path, res.status, type?.startsWith("text/") ? res.text : res.body, type);
  return res;
}

async function newWebhook(): Promise<string> {
  const body = { url: receiver.url("/hook"), events: ["click.recorded", "conversion.recorded"] };
  const res = await exercise("POST", "api/ads/webhooks", "/api/ads/webhooks", { body, headers, status: 201 });
  return res.body.id as string;
}

/** A webhook endpoint with one delivered click event; returns both ids. */
async function deliveredWebhook(): Promise<{ id: string; deliveryId: string }> {
  const id = await newWebhook();
  await enqueueTestEvent(adv.advertiserId, "click.recorded");
  await new WebhookDispatcher().drain();
  const log = await exercise("GET", "api/ads/webhooks/[id]/deliveries", `/api/ads/webhooks/${id}/deliveries`, {
    headers,
    params: { id },
    status: 200,
  });
  return { id, deliveryId: log.body.deliveries[0].id as string };
}

/** A real decision over HTTP from the hot router (as server.ts serves it). */
async function decide(key: string, payload: unknown, options: { validRequest?: boolean } = {}) {
  if (options.validRequest !== false) expectRequestMatchesOpenApi("POST", "/api/delivery/decisions", payload);
  const response = await fetch(`${hot.url}/api/delivery/decisions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  expectMatchesOpenApi(
    "POST",
    "/api/delivery/decisions",
    response.status,
    body,
    response.headers.get("content-type") ?? undefined,
  );
  return { status: response.status, body };
}

/** A campaign of the sample advertiser with a day of seeded delivery and a fresh click. */
async function deliveredCampaign() {
  const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
  const now = Date.now();
  await seedDelivery(campaign, [
    { servedAtMs: now - 3 * 3_600_000, clickedAtMs: now - 3 * 3_600_000 + 60_000 },
    { servedAtMs: now - 2 * 3_600_000 },
  ]);
  const click = await seedClick(campaign, now - 60_000);
  const today = new Date(now).toISOString().slice(0, 10);
  const yesterday = new Date(now - 86_400_000).toISOString().slice(0, 10);
  return { campaign, click, range: { start_date: yesterday, end_date: today } };
}

async function newCampaign(): Promise<string> {
  const res = await exercise("POST", "api/ads/campaigns", "/api/ads/campaigns", {
    body: campaignBody(icons.url()),
    headers,
    status: 201,
  });
  return res.body.id as string;
}

let invoiceId: Promise<string> | undefined;
/** An invoice of the sample advertiser, for a closed month of seeded delivery (issued once). */
function sampleInvoice(): Promise<string> {
  return (invoiceId ??= (async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, name: "Invoiced" });
    await seedDelivery(campaign, [
      { servedAtMs: Date.UTC(2025, 5, 3), costMicros: 12_345n, clickedAtMs: Date.UTC(2025, 5, 3, 1) },
    ]);
    await issueInvoices({ month: "2025-06" }, { nowMs: Date.UTC(2025, 6, 2) });
    return (await db().invoice.findFirstOrThrow({ where: { advertiserId: adv.advertiserId, month: "2025-06" } })).id;
  })());
}

const RULE_BODY = {
  name: "Pause expensive conversions",
  metric: "cpa_usd",
  comparison: "above",
  threshold: 40,
  window_hours: 72,
  campaign_ids: null,
  action: "pause",
};

/** An automated rule of the sample advertiser, created through the API. */
async function sampleRule(): Promise<string> {
  const res = await exercise("POST", "api/ads/rules", "/api/ads/rules", { body: RULE_BODY, headers, status: 201 });
  return res.body.id as string;
}

const SAVED_REPORT_BODY = {
  name: "All campaigns by day",
  campaign_id: null,
  start_date: "2026-11-24",
  end_date: "2026-11-30",
  timezone: "America/New_York",
  breakdown: "day",
};

/** A saved report of the sample advertiser, through the API. */
async function sampleSavedReport(): Promise<string> {
  const res = await exercise("POST", "api/ads/saved-reports", "/api/ads/saved-reports", {
    body: SAVED_REPORT_BODY,
    headers,
    status: 201,
  });
  return res.body.id as string;
}

/** One real request and response per served route ("METHOD template"). */
const SAMPLES: Record<string, Sample> = {
  "POST /api/auth/token": async () => {
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: adv.clientId,
      client_secret: adv.clientSecret,
      scope: "campaigns:read",
    });
    await exercise("POST", "api/auth/token", "/api/auth/token", {
      body: form,
      status: 200,
      requestType: "application/x-www-form-urlencoded",
      ip: "203.0.113.77",
    });
    const bad = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: adv.clientId,
      client_secret: "wrong",
    });
    await exercise("POST", "api/auth/token", "/api/auth/token", {
      body: bad,
      status: 401,
      requestType: "application/x-www-form-urlencoded",
      ip: "203.0.113.77",
    });
  },
  "GET /api/auth/{nextauth}": async () => {
    const csrf = await exercise("GET", "api/auth/[...nextauth]", "/api/auth/csrf", { status: 200 });
    expect(csrf.body.csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const session = await exercise("GET", "api/auth/[...nextauth]", "/api/auth/session", { status: 200 });
    expect(session.body).toEqual({});
    // signout answers next-auth's own page, whose form POSTs signout
    const page = await exercise("GET", "api/auth/[...nextauth]", "/api/auth/signout", {
      status: 200,
      responseType: "text/html",
    });
    expect(page.text).toContain('action="http://sma.test/api/auth/signout"');
  },
  "POST /api/auth/{nextauth}": async () => {
    const csrf = await exercise("GET", "api/auth/[...nextauth]", "/api/auth/csrf", { status: 200 });
    const cookie = csrf.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const res = await exercise("POST", "api/auth/[...nextauth]", "/api/auth/signout", {
      body: new URLSearchParams({ csrfToken: csrf.body.csrfToken, json: "true" }),
      headers: { cookie },
      status: 200,
      requestType: "application/x-www-form-urlencoded",
    });
    expect(res.body.url).toBe("http://sma.test");
    // the same fields as a JSON object
    const json = await exercise("POST", "api/auth/[...nextauth]", "/api/auth/signout", {
      body: { csrfToken: csrf.body.csrfToken, json: "true" },
      headers: { cookie },
      status: 200,
    });
    expect(json.body.url).toBe("http://sma.test");
    // session with a token that does not match its cookie: next-auth's 400 with an empty object, not a problem
    const refused = await exercise("POST", "api/auth/[...nextauth]", "/api/auth/session", {
      body: { csrfToken: "forged" },
      headers: { cookie },
      status: 400,
      responseType: "application/json",
    });
    expect(refused.body).toEqual({});
  },
  "GET /.well-known/jwks.json": async () => {
    await exercise("GET", ".well-known/jwks.json", "/.well-known/jwks.json", { status: 200 });
  },
  "GET /api/ads/moment-types": async () => {
    await exercise("GET", "api/ads/moment-types", "/api/ads/moment-types", { status: 200 });
  },
  "GET /api/ads/clearing-prices": async () => {
    await exercise("GET", "api/ads/clearing-prices", "/api/ads/clearing-prices", { headers, status: 200 });
    await exercise("GET", "api/ads/clearing-prices", "/api/ads/clearing-prices", { status: 401 });
  },
  "GET /api/ads/campaigns": async () => {
    await newCampaign();
    await exercise("GET", "api/ads/campaigns", "/api/ads/campaigns", {
      headers,
      query: { status: "active", page: 1, per_page: 5 },
      status: 200,
    });
    await exercise("GET", "api/ads/campaigns", "/api/ads/campaigns", {
      headers,
      query: { per_page: 500 },
      status: 422,
    });
  },
  "POST /api/ads/campaigns": async () => {
    await newCampaign();
    await exercise("POST", "api/ads/campaigns", "/api/ads/campaigns", {
      body: campaignBody(`https://127.0.0.1:${icons.trapPort}/i.png`),
      headers,
      status: 422,
    });
  },
  "GET /api/ads/campaigns/{id}": async () => {
    const id = await newCampaign();
    await exercise("GET", "api/ads/campaigns/[id]", `/api/ads/campaigns/${id}`, {
      headers,
      params: { id },
      status: 200,
    });
    await exercise("GET", "api/ads/campaigns/[id]", "/api/ads/campaigns/cmp_none", {
      headers,
      params: { id: "cmp_none" },
      status: 404,
    });
  },
  "PATCH /api/ads/campaigns/{id}": async () => {
    const id = await newCampaign();
    await exercise("PATCH", "api/ads/campaigns/[id]", `/api/ads/campaigns/${id}`, {
      body: { bid_cpm_usd: 3, status: "paused" },
      headers,
      params: { id },
      status: 200,
    });
    await exercise("PATCH", "api/ads/campaigns/[id]", `/api/ads/campaigns/${id}`, {
      body: { sports: ["mlb"] },
      headers,
      params: { id },
      status: 422,
    });
  },
  "DELETE /api/ads/campaigns/{id}": async () => {
    const id = await newCampaign();
    await exercise("DELETE", "api/ads/campaigns/[id]", `/api/ads/campaigns/${id}`, {
      headers,
      params: { id },
      status: 200,
    });
  },
  "POST /api/ads/campaigns/{id}/variants": async () => {
    const id = await newCampaign();
    await exercise("POST", "api/ads/campaigns/[id]/variants", `/api/ads/campaigns/${id}/variants`, {
      body: creativeBody(icons.url()),
      headers,
      params: { id },
      status: 201,
    });
  },
  "PATCH /api/ads/campaigns/{id}/variants/{variant_id}": async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, creatives: [{}, {}] });
    const variantId = campaign.creatives[1]!.id;
    const path = `/api/ads/campaigns/${campaign.id}/variants/${variantId}`;
    const params = { id: campaign.id, variant_id: variantId };
    const res = await exercise("PATCH", "api/ads/campaigns/[id]/variants/[variant_id]", path, {
      body: { status: "paused" },
      headers,
      params,
      status: 200,
    });
    expect(res.body.variants[1].status).toBe("paused");
    await exercise(
      "PATCH",
      "api/ads/campaigns/[id]/variants/[variant_id]",
      `/api/ads/campaigns/${campaign.id}/variants/cr_x`,
      {
        body: { status: "approved" },
        headers,
        params: { id: campaign.id, variant_id: "cr_x" },
        status: 404,
      },
    );
  },
  "POST /api/ads/campaigns/{id}/duplicate": async () => {
    const id = await newCampaign();
    const res = await exercise("POST", "api/ads/campaigns/[id]/duplicate", `/api/ads/campaigns/${id}/duplicate`, {
      body: { name: "Sample copy", status: "active" },
      headers,
      params: { id },
      status: 201,
    });
    expect(res.body.name).toBe("Sample copy");
    await exercise("POST", "api/ads/campaigns/[id]/duplicate", "/api/ads/campaigns/cmp_missing/duplicate", {
      body: {},
      headers,
      params: { id: "cmp_missing" },
      status: 404,
    });
  },
  "GET /api/ads/billing": async () => {
    const res = await exercise("GET", "api/ads/billing", "/api/ads/billing", { headers, status: 200 });
    expect(res.body.mode).toBe("invoiced");
  },
  "GET /api/ads/invoices": async () => {
    await sampleInvoice();
    const res = await exercise("GET", "api/ads/invoices", "/api/ads/invoices", {
      query: { page: 1, per_page: 5 },
      headers,
      status: 200,
    });
    expect(res.body.invoices.length).toBeGreaterThan(0);
    await exercise("GET", "api/ads/invoices", "/api/ads/invoices", { query: { per_page: 0 }, headers, status: 422 });
  },
  "GET /api/ads/invoices/{id}": async () => {
    const id = await sampleInvoice();
    const res = await exercise("GET", "api/ads/invoices", `/api/ads/invoices/${id}`, { headers, status: 200 });
    expect(res.body.lines).toHaveLength(1);
    await exercise("GET", "api/ads/invoices", "/api/ads/invoices/ivc_nope", { headers, status: 404 });
  },
  "GET /api/ads/invoices/{id}/pdf": async () => {
    const id = await sampleInvoice();
    const res = await call((await importRoute("api/ads/invoices")).GET!, `/api/ads/invoices/${id}/pdf`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.text.startsWith("%PDF-")).toBe(true);
  },
  "GET /api/ads/invoices/{id}/csv": async () => {
    const id = await sampleInvoice();
    const res = await exercise("GET", "api/ads/invoices", `/api/ads/invoices/${id}/csv`, {
      headers,
      status: 200,
      responseType: "text/csv",
    });
    expect(res.text).toContain("total");
  },
  "GET /api/ads/advertiser": async () => {
    const res = await exercise("GET", "api/ads/advertiser", "/api/ads/advertiser", { headers, status: 200 });
    expect(res.body).toMatchObject({ category: "general", licensed_regions: null });
  },
  "GET /api/ads/changes": async () => {
    // a webhook registered through the API is a change, named with its API client
    await newWebhook();
    const res = await exercise("GET", "api/ads/changes", "/api/ads/changes", {
      query: { target_type: "webhook_endpoint", limit: 5 },
      headers,
      status: 200,
    });
    expect(res.body.changes.length).toBeGreaterThan(0);
    await exercise("GET", "api/ads/changes", "/api/ads/changes", {
      query: { since: "not a date" },
      headers,
      status: 422,
    });
  },
  "POST /api/ads/changes/{id}/undo": async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, name: "Undo sample" });
    await exercise("PATCH", "api/ads/campaigns/[id]", `/api/ads/campaigns/${campaign.id}`, {
      body: { bid_cpm_usd: 3 },
      headers,
      params: { id: campaign.id },
      status: 200,
    });
    const change = await db().change.findFirstOrThrow({
      where: { campaignId: campaign.id, operation: "updateCampaign" },
    });
    const path = `/api/ads/changes/${change.id}/undo`;
    const res = await exercise("POST", "api/ads/changes/[id]/undo", path, {
      headers,
      params: { id: change.id },
      status: 200,
    });
    expect(res.body.bid_cpm_usd).toBe(2);
    // the bid is 2 again, not the 3 the change left: refused
    await exercise("POST", "api/ads/changes/[id]/undo", path, { headers, params: { id: change.id }, status: 409 });
  },
  "GET /api/ads/rules": async () => {
    await sampleRule();
    const res = await exercise("GET", "api/ads/rules", "/api/ads/rules", { headers, status: 200 });
    expect(res.body.rules.length).toBeGreaterThan(0);
  },
  "POST /api/ads/rules": async () => {
    await sampleRule();
    await exercise("POST", "api/ads/rules", "/api/ads/rules", {
      body: { ...RULE_BODY, action: "resume" },
      headers,
      status: 422,
    });
  },
  "GET /api/ads/rules/{id}": async () => {
    const id = await sampleRule();
    await exercise("GET", "api/ads/rules/[id]", `/api/ads/rules/${id}`, { headers, params: { id }, status: 200 });
    await exercise("GET", "api/ads/rules/[id]", "/api/ads/rules/rul_nope", {
      headers,
      params: { id: "rul_nope" },
      status: 404,
    });
  },
  "PATCH /api/ads/rules/{id}": async () => {
    const id = await sampleRule();
    const res = await exercise("PATCH", "api/ads/rules/[id]", `/api/ads/rules/${id}`, {
      body: { enabled: false, threshold: 50 },
      headers,
      params: { id },
      status: 200,
    });
    expect(res.body).toMatchObject({ enabled: false, threshold: 50 });
  },
  "DELETE /api/ads/rules/{id}": async () => {
    const id = await sampleRule();
    await exercise("DELETE", "api/ads/rules/[id]", `/api/ads/rules/${id}`, { headers, params: { id }, status: 200 });
    await exercise("DELETE", "api/ads/rules/[id]", `/api/ads/rules/${id}`, { headers, params: { id }, status: 404 });
  },
  "GET /api/ads/rules/{id}/actions": async () => {
    const id = await sampleRule();
    const path = `/api/ads/rules/${id}/actions`;
    await exercise("GET", "api/ads/rules/[id]/actions", path, { headers, params: { id }, status: 200 });
  },
  "GET /api/ads/rules/{id}/dry-run": async () => {
    const id = await sampleRule();
    const path = `/api/ads/rules/${id}/dry-run`;
    const res = await exercise("GET", "api/ads/rules/[id]/dry-run", path, { headers, params: { id }, status: 200 });
    expect(res.body.windows).toBeGreaterThan(0);
  },
  "GET /api/ads/saved-reports": async () => {
    await sampleSavedReport();
    const res = await exercise("GET", "api/ads/saved-reports", "/api/ads/saved-reports", { headers, status: 200 });
    expect(res.body.saved_reports.length).toBeGreaterThan(0);
  },
  "POST /api/ads/saved-reports": async () => {
    await sampleSavedReport();
    // an API client has no member to email it to by default
    await exercise("POST", "api/ads/saved-reports", "/api/ads/saved-reports", {
      body: { ...SAVED_REPORT_BODY, schedule: "weekly" },
      headers,
      status: 422,
    });
  },
  "PATCH /api/ads/saved-reports/{id}": async () => {
    const id = await sampleSavedReport();
    const res = await exercise("PATCH", "api/ads/saved-reports/[id]", `/api/ads/saved-reports/${id}`, {
      body: { name: "Renamed" },
      headers,
      params: { id },
      status: 200,
    });
    expect(res.body.name).toBe("Renamed");
  },
  "POST /api/ads/saved-reports/{id}/send": async () => {
    const id = await sampleSavedReport();
    const path = `/api/ads/saved-reports/${id}/send`;
    // not scheduled: nothing to send
    await exercise("POST", "api/ads/saved-reports/[id]/send", path, { headers, params: { id }, status: 409 });
    const user = await db().user.findFirstOrThrow({
      where: { memberships: { some: { advertiserId: adv.advertiserId } } },
    });
    await exercise("PATCH", "api/ads/saved-reports/[id]", `/api/ads/saved-reports/${id}`, {
      body: { schedule: "daily", recipient_ids: [user.id] },
      headers,
      params: { id },
      status: 200,
    });
    await exercise("POST", "api/ads/saved-reports/[id]/send", path, { headers, params: { id }, status: 202 });
  },
  "DELETE /api/ads/saved-reports/{id}": async () => {
    const id = await sampleSavedReport();
    const path = `/api/ads/saved-reports/${id}`;
    await exercise("DELETE", "api/ads/saved-reports/[id]", path, { headers, params: { id }, status: 200 });
    await exercise("DELETE", "api/ads/saved-reports/[id]", path, { headers, params: { id }, status: 404 });
  },
  "GET /api/ads/webhooks": async () => {
    await newWebhook();
    await exercise("GET", "api/ads/webhooks", "/api/ads/webhooks", { headers, status: 200 });
  },
  "POST /api/ads/webhooks": async () => {
    await newWebhook();
    await exercise("POST", "api/ads/webhooks", "/api/ads/webhooks", {
      body: { url: "https://10.0.0.1/hook", events: ["click.recorded"] },
      headers,
      status: 422,
    });
  },
  "PATCH /api/ads/webhooks/{id}": async () => {
    const id = await newWebhook();
    const path = `/api/ads/webhooks/${id}`;
    const res = await exercise("PATCH", "api/ads/webhooks/[id]", path, {
      headers,
      params: { id },
      body: { events: ["campaign.ended", "click.recorded"] },
      status: 200,
    });
    expect(res.body.events).toEqual(["click.recorded", "campaign.ended"]);
    const missing = "00000000-0000-4000-8000-000000000000";
    await exercise("PATCH", "api/ads/webhooks/[id]", `/api/ads/webhooks/${missing}`, {
      headers,
      params: { id: missing },
      body: { events: ["click.recorded"] },
      status: 404,
    });
  },
  "DELETE /api/ads/webhooks/{id}": async () => {
    const id = await newWebhook();
    await exercise("DELETE", "api/ads/webhooks/[id]", `/api/ads/webhooks/${id}`, {
      headers,
      params: { id },
      status: 200,
    });
  },
  "POST /api/ads/webhooks/{id}/test": async () => {
    const id = await newWebhook();
    await exercise("POST", "api/ads/webhooks/[id]/test", `/api/ads/webhooks/${id}/test`, {
      headers,
      params: { id },
      status: 200,
    });
  },
  "GET /api/ads/webhooks/{id}/deliveries": async () => {
    const { id } = await deliveredWebhook();
    const missing = "00000000-0000-4000-8000-000000000000";
    await exercise("GET", "api/ads/webhooks/[id]/deliveries", `/api/ads/webhooks/${missing}/deliveries`, {
      headers,
      params: { id: missing },
      status: 404,
    });
    expect(id).toBeTruthy();
  },
  "POST /api/ads/webhooks/{id}/deliveries/{delivery_id}/retry": async () => {
    const { id, deliveryId } = await deliveredWebhook();
    const path = `/api/ads/webhooks/${id}/deliveries/${deliveryId}/retry`;
    await exercise("POST", "api/ads/webhooks/[id]/deliveries/[delivery_id]/retry", path, {
      headers,
      params: { id, delivery_id: deliveryId },
      status: 200,
    });
  },
  "GET /api/ads/postback": async () => {
    const { campaign, click } = await deliveredCampaign();
    const query = { campaign_id: campaign.id, click_id: click.clickId, event_type: "install" };
    await exercise("GET", "api/ads/postback", "/api/ads/postback", { query, status: 200 });
    await exercise("GET", "api/ads/postback", "/api/ads/postback", {
      query: { ...query, click_id: "clk_unknown" },
      status: 404,
    });
  },
  "POST /api/ads/postback": async () => {
    const { campaign, click } = await deliveredCampaign();
    const body = {
      campaign_id: campaign.id,
      click_id: click.clickId,
      event_type: "deposit",
      event_value_usd: 25,
      idempotency_key: "order-1",
    };
    await exercise("POST", "api/ads/postback", "/api/ads/postback", { body, status: 200 });
    const again = await exercise("POST", "api/ads/postback", "/api/ads/postback", { body, status: 200 });
    expect(again.body).toEqual({ status: "already_recorded" });
  },
  "GET /api/ads/postback-keys": async () => {
    // another advertiser: the samples' own takes postbacks without a key
    const keyed = await createTestAdvertiser("Keyed");
    const keyedHeaders = await keyed.auth();
    await exercise("POST", "api/ads/postback-keys", "/api/ads/postback-keys", { headers: keyedHeaders, status: 201 });
    const res = await exercise("GET", "api/ads/postback-keys", "/api/ads/postback-keys", {
      headers: keyedHeaders,
      status: 200,
    });
    expect(res.body.postback_keys).toHaveLength(1);
    await exercise("GET", "api/ads/postback-keys", "/api/ads/postback-keys", { status: 401 });
  },
  "POST /api/ads/postback-keys": async () => {
    const keyed = await createTestAdvertiser("Keyed");
    const keyedHeaders = await keyed.auth();
    const created = await exercise("POST", "api/ads/postback-keys", "/api/ads/postback-keys", {
      headers: { ...keyedHeaders, "idempotency-key": "sample-key-1" },
      status: 201,
    });
    expect(created.body.key).toMatch(/^pbkey_/);
    // the replay of a retry withholds the key (null), as documented
    const replay = await exercise("POST", "api/ads/postback-keys", "/api/ads/postback-keys", {
      headers: { ...keyedHeaders, "idempotency-key": "sample-key-1" },
      status: 201,
    });
    expect(replay.body.key).toBeNull();
    // E16 and E17 of this advertiser's campaign now need the key: 401 without it, 200 with it
    const campaign = await createTestCampaign({ advertiserId: keyed.advertiserId });
    const click = await seedClick(campaign, Date.now() - 60_000);
    const query = { campaign_id: campaign.id, click_id: click.clickId, event_type: "install" };
    const refused = await exercise("GET", "api/ads/postback", "/api/ads/postback", { query, status: 401 });
    expect(refused.body.code).toBe("postback_key_required");
    await exercise("POST", "api/ads/postback", "/api/ads/postback", {
      body: query,
      headers: { "x-postback-key": "pbkey_wrong" },
      status: 401,
    });
    await exercise("POST", "api/ads/postback", "/api/ads/postback", {
      body: query,
      headers: { "x-postback-key": created.body.key },
      status: 200,
    });
  },
  "PATCH /api/ads/postback-keys/{id}": async () => {
    const keyed = await createTestAdvertiser("Keyed");
    const keyedHeaders = await keyed.auth();
    const created = await exercise("POST", "api/ads/postback-keys", "/api/ads/postback-keys", {
      headers: keyedHeaders,
      body: { name: "AppsFlyer" },
      status: 201,
    });
    expect(created.body.name).toBe("AppsFlyer");
    const id = created.body.id as string;
    const path = `/api/ads/postback-keys/${id}`;
    const res = await exercise("PATCH", "api/ads/postback-keys/[id]", path, {
      headers: keyedHeaders,
      params: { id },
      body: { name: "Adjust" },
      status: 200,
    });
    expect(res.body.name).toBe("Adjust");
    const refused = await exercise("PATCH", "api/ads/postback-keys/[id]", path, {
      headers: keyedHeaders,
      params: { id },
      body: { name: " " },
      status: 422,
    });
    expect(refused.body.errors[0].path).toBe("name");
    await exercise("PATCH", "api/ads/postback-keys/[id]", path, {
      headers,
      params: { id },
      body: { name: null },
      status: 404,
    });
  },
  "POST /api/ads/adcp/test-controller": async () => {
    const sandbox = await createTestAdvertiser("Sandbox");
    await db().advertiser.update({ where: { id: sandbox.advertiserId }, data: { sandbox: true } });
    const seeded = await exercise("POST", "api/ads/adcp/test-controller", "/api/ads/adcp/test-controller", {
      headers: await sandbox.auth(),
      body: { scenario: "seed_product", params: { product_id: "sample-product", fixture: {} } },
      status: 200,
    });
    expect(seeded.body).toEqual({ success: true, message: "Fixture seeded" });
    // a real advertiser is refused, whatever the scenario
    const refused = await exercise("POST", "api/ads/adcp/test-controller", "/api/ads/adcp/test-controller", {
      headers,
      body: { scenario: "list_scenarios" },
      status: 403,
    });
    expect(refused.body.code).toBe("sandbox_only");
  },
  "GET /api/ads/adcp/sandbox-products/{id}": async () => {
    const sandbox = await createTestAdvertiser("Sandbox");
    await db().advertiser.update({ where: { id: sandbox.advertiserId }, data: { sandbox: true } });
    const path = "/api/ads/adcp/sandbox-products/test-product";
    const res = await exercise("GET", "api/ads/adcp/sandbox-products/[id]", path, {
      headers: await sandbox.auth(),
      params: { id: "test-product" },
      status: 200,
    });
    expect(res.body.moment_type).toBe("close_game");
    await exercise("GET", "api/ads/adcp/sandbox-products/[id]", "/api/ads/adcp/sandbox-products/none", {
      headers: await sandbox.auth(),
      params: { id: "none" },
      status: 404,
    });
  },
  "DELETE /api/ads/postback-keys/{id}": async () => {
    const keyed = await createTestAdvertiser("Keyed");
    const keyedHeaders = await keyed.auth();
    const created = await exercise("POST", "api/ads/postback-keys", "/api/ads/postback-keys", {
      headers: keyedHeaders,
      status: 201,
    });
    const id = created.body.id as string;
    const res = await exercise("DELETE", "api/ads/postback-keys/[id]", `/api/ads/postback-keys/${id}`, {
      headers: keyedHeaders,
      params: { id },
      status: 200,
    });
    expect(res.body.revoked_at).not.toBeNull();
    // another advertiser's key is not found
    await exercise("DELETE", "api/ads/postback-keys/[id]", `/api/ads/postback-keys/${id}`, {
      headers,
      params: { id },
      status: 404,
    });
  },
  "GET /api/ads/reporting/campaigns/{id}": async () => {
    const { campaign, range } = await deliveredCampaign();
    const id = campaign.id;
    const path = `/api/ads/reporting/campaigns/${id}`;
    const res = await exercise("GET", "api/ads/reporting/campaigns/[id]", path, {
      headers,
      params: { id },
      query: { ...range, breakdown: "moment_type", timezone: "America/New_York" },
      status: 200,
    });
    expect(res.body.totals.impressions).toBe(3);
    await exercise("GET", "api/ads/reporting/campaigns/[id]", path, {
      headers,
      params: { id },
      query: { ...range, timezone: "Mars/Olympus" },
      status: 422,
    });
  },
  "GET /api/ads/reporting/campaigns": async () => {
    const { range } = await deliveredCampaign();
    const res = await exercise("GET", "api/ads/reporting/campaigns", "/api/ads/reporting/campaigns", {
      headers,
      query: { ...range, breakdown: "campaign", compare: "previous_period" },
      status: 200,
    });
    expect(res.body.totals.impressions).toBeGreaterThanOrEqual(3);
    await exercise("GET", "api/ads/reporting/campaigns", "/api/ads/reporting/campaigns", {
      headers,
      query: { ...range, format: "csv" },
      status: 200,
      responseType: "text/csv",
    });
  },
  "GET /api/ads/reporting/campaigns/{id}/timeseries": async () => {
    const { campaign, range } = await deliveredCampaign();
    const id = campaign.id;
    const path = `/api/ads/reporting/campaigns/${id}/timeseries`;
    await exercise("GET", "api/ads/reporting/campaigns/[id]/timeseries", path, {
      headers,
      params: { id },
      query: { ...range, granularity: "hour" },
      status: 200,
    });
  },
  "GET /api/ads/creatives/{id}/performance": async () => {
    const { campaign } = await deliveredCampaign();
    const id = campaign.creatives[0]!.id;
    const res = await exercise("GET", "api/ads/creatives/[id]/performance", `/api/ads/creatives/${id}/performance`, {
      headers,
      params: { id },
      status: 200,
    });
    expect(res.body.impressions).toBe(3);
  },
  "POST /api/delivery/decisions": async () => {
    await createTestCampaign({ advertiserId: adv.advertiserId, momentTypes: ["overtime"], sports: ["nfl"] });
    const { key } = await createPlatformKey("samples");
    const filled = await decide(key, {
      moment_type: "overtime",
      sport: "nfl",
      game_id: "g-sample",
      user_id: "u-sample",
    });
    expect(filled.status).toBe(200);
    const invalid = await decide(
      key,
      { moment_type: "overtime", sport: "cricket", game_id: "g", user_id: "u" },
      { validRequest: false },
    );
    expect(invalid.status).toBe(422);
  },
  "POST /api/delivery/moments": async () => {
    await createTestCampaign({ advertiserId: adv.advertiserId, momentTypes: ["total_alert"], sports: ["nba"] });
    const { key } = await createPlatformKey("samples-moments");
    const post = async (payload: unknown, validRequest = true) => {
      if (validRequest) expectRequestMatchesOpenApi("POST", "/api/delivery/moments", payload);
      const response = await fetch(`${hot.url}/api/delivery/moments`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(payload),
      });
      const body = (await response.json()) as Record<string, unknown>;
      expectMatchesOpenApi(
        "POST",
        "/api/delivery/moments",
        response.status,
        body,
        response.headers.get("content-type") ?? undefined,
      );
      return { status: response.status, body };
    };
    const filled = await post({
      moment_type: "total_alert",
      sport: "nba",
      game_id: "g-moment",
      user_ids: ["u-1", "u-2"],
    });
    expect(filled.status).toBe(200);
    const noFill = await post({ moment_type: "overtime", sport: "mlb", game_id: "g-moment", user_ids: ["u-1"] });
    expect(noFill.body).toEqual({ decisions: [{ user_id: "u-1", impression_id: null, reason: "no_fill" }] });
    const invalid = await post({ moment_type: "total_alert", sport: "nba", game_id: "g", user_ids: ["u", "u"] }, false);
    expect(invalid.status).toBe(422);
  },
  "GET /c/{click_id}": async () => {
    const campaign = await createTestCampaign({
      advertiserId: adv.advertiserId,
      momentTypes: ["prop_alert"],
      sports: ["mlb"],
    });
    emitCampaignsChanged([campaign.id]); // inserted directly, not through the campaigns service
    const { key } = await createPlatformKey("samples-click");
    const filled = await decide(key, {
      moment_type: "prop_alert",
      sport: "mlb",
      game_id: "g-click",
      user_id: "u-click",
    });
    const clickPath = new URL(filled.body!.click_url as string).pathname;
    const res = await fetch(`${hot.url}${clickPath}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expectMatchesOpenApi("GET", clickPath, 302, (await res.text()) || undefined);
    const missing = await fetch(`${hot.url}/c/clk_doesnotexist`, { redirect: "manual" });
    expectMatchesOpenApi(
      "GET",
      "/c/clk_doesnotexist",
      missing.status,
      await missing.json(),
      missing.headers.get("content-type") ?? undefined,
    );
  },
  "GET /adagents.json": async () => {
    const res = await exercise("GET", "adagents.json", "/adagents.json", { status: 200 });
    const canonical = await exercise("GET", ".well-known/adagents.json", "/.well-known/adagents.json", { status: 200 });
    expect(res.body).toEqual(canonical.body);
  },
  "GET /.well-known/adagents.json": async () => {
    const res = await exercise("GET", ".well-known/adagents.json", "/.well-known/adagents.json", { status: 200 });
    expect(res.body.authorized_agents[0]).toMatchObject({
      url: "http://sma.test/mcp",
      authorization_type: "property_ids",
    });
    expect(res.body.properties.map((p: { property_id: string }) => p.property_id)).toEqual(
      res.body.authorized_agents[0].property_ids,
    );
  },
  "POST /mcp": async () => {
    const accept = { accept: "application/json, text/event-stream" };
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "samples", version: "1" } },
    };
    const res = await exercise("POST", "mcp", "/mcp", {
      body: initialize,
      headers: { ...headers, ...accept },
      status: 200,
    });
    expect(res.body.result.serverInfo.name).toBe("sports-moment-ads");
    const list = { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} };
    const tools = await exercise("POST", "mcp", "/mcp", {
      body: list,
      headers: { ...headers, ...accept },
      status: 200,
    });
    // a token with every scope lists every tool of the registry
    expect(tools.body.result.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(
      availableTools(SCOPES)
        .map((tool) => tool.name)
        .sort(),
    );
    const note = { jsonrpc: "2.0", method: "notifications/initialized" };
    await exercise("POST", "mcp", "/mcp", { body: note, headers: { ...headers, ...accept }, status: 202 });
    await exercise("POST", "mcp", "/mcp", { body: list, headers: { ...headers, accept: "text/html" }, status: 406 });
    await exercise("POST", "mcp", "/mcp", { body: list, headers: accept, status: 401 });
  },
  "GET /.well-known/oauth-protected-resource": async () => {
    const res = await exercise("GET", ".well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource", {
      status: 200,
    });
    expect(res.body).toMatchObject({ resource: "http://sma.test", authorization_servers: ["http://sma.test"] });
  },
  "GET /.well-known/oauth-protected-resource/mcp": async () => {
    const res = await exercise(
      "GET",
      ".well-known/oauth-protected-resource/mcp",
      "/.well-known/oauth-protected-resource/mcp",
      { status: 200 },
    );
    expect(res.body.resource).toBe("http://sma.test/mcp");
  },
  "GET /.well-known/oauth-authorization-server": async () => {
    const res = await exercise(
      "GET",
      ".well-known/oauth-authorization-server",
      "/.well-known/oauth-authorization-server",
      {
        status: 200,
      },
    );
    expect(res.body).toMatchObject({
      issuer: "http://sma.test",
      authorization_endpoint: "http://sma.test/oauth/authorize",
      token_endpoint: "http://sma.test/oauth/token",
      grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
      code_challenge_methods_supported: ["S256"],
      client_id_metadata_document_supported: true,
    });
  },
  "POST /api/graphql": async () => {
    await createTestCampaign({ advertiserId: adv.advertiserId, name: "GraphQL probe" });
    const query = "query { campaigns(first: 5) { totalCount nodes { id name bidCpmUsd } } }";
    const res = await exercise("POST", "api/graphql", "/api/graphql", { body: { query }, headers, status: 200 });
    const campaigns = await db().campaign.count({ where: { advertiserId: adv.advertiserId } });
    expect(res.body.data.campaigns.totalCount).toBe(campaigns);
    expect(res.body.data.campaigns.nodes[0].name).toBe("GraphQL probe");
    expect(res.body.data.campaigns.nodes).toHaveLength(Math.min(5, campaigns));
    expect(res.body.extensions.cost.limit).toBe(10_000);
    const refused = await exercise("POST", "api/graphql", "/api/graphql", {
      body: { query },
      headers: { authorization: "Bearer nope" },
      status: 401,
    });
    expect(refused.body.errors[0].extensions.apiCode).toBe("unauthorized");
    const mod = await importRoute("api/graphql");
    const malformed = await call(mod.POST!, "/api/graphql", {
      body: "{",
      headers: { ...headers, "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expectMatchesOpenApi("POST", "/api/graphql", 400, malformed.body);
  },
  "GET /api/graphql": async () => {
    const res = await exercise("GET", "api/graphql", "/api/graphql", {
      query: { query: "{ momentTypes { key floorCpmUsd } }" },
      headers: { ...headers, "apollo-require-preflight": "true", accept: "application/graphql-response+json" },
      status: 200,
      responseType: "application/graphql-response+json",
    });
    expect(res.body.data.momentTypes).toHaveLength(11);
    const mutation = await exercise("GET", "api/graphql", "/api/graphql", {
      query: { query: "mutation { __typename }" },
      headers: { ...headers, "apollo-require-preflight": "true" },
      status: 405,
    });
    expect(mutation.body.errors[0].extensions.apiCode).toBe("bad_request");
  },
  "POST /oauth/register": async () => {
    const body = { client_name: "Spec Agent", redirect_uris: ["http://127.0.0.1:9/cb"] };
    expectRequestMatchesOpenApi("POST", "/oauth/register", body);
    const created = await oauthCall("POST", "/oauth/register", { json: body });
    expect(created.status).toBe(201);
    const refused = await oauthCall("POST", "/oauth/register", { json: { redirect_uris: ["http://x.example/cb"] } });
    expect(refused).toMatchObject({ status: 400, body: { error: "invalid_client_metadata" } });
  },
  "GET /oauth/authorize": async () => {
    const { clientId, challenge } = await oauthClient();
    const started = await oauthCall("GET", "/oauth/authorize", {
      query: { response_type: "code", client_id: clientId, code_challenge: challenge, code_challenge_method: "S256" },
    });
    expect(started.status).toBe(302);
    const unknown = await oauthCall("GET", "/oauth/authorize", {
      query: { response_type: "code", client_id: "oac_nope" },
    });
    expect(unknown).toMatchObject({ status: 400, body: { error: "invalid_client" } });
  },
  "POST /oauth/token": async () => {
    const { clientId, verifier, challenge } = await oauthClient();
    const started = await oauthCall("GET", "/oauth/authorize", {
      query: { response_type: "code", client_id: clientId, code_challenge: challenge, code_challenge_method: "S256" },
    });
    const requestId = new URL(started.location!).pathname.split("/").pop()!;
    const user = await db().user.findFirstOrThrow({
      where: { memberships: { some: { advertiserId: adv.advertiserId } } },
    });
    const { redirectTo } = await decideAuthorization(
      { userId: user.id, advertiserId: adv.advertiserId, role: "admin" },
      requestId,
      true,
    );
    const form = {
      grant_type: "authorization_code",
      client_id: clientId,
      code: new URL(redirectTo).searchParams.get("code")!,
      code_verifier: verifier,
    };
    expectRequestMatchesOpenApi("POST", "/oauth/token", form, "application/x-www-form-urlencoded");
    const tokens = await oauthCall("POST", "/oauth/token", { form });
    expect(tokens.status).toBe(200);
    const reused = await oauthCall("POST", "/oauth/token", { form });
    expect(reused).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    oauthTokens = tokens.body as { refresh_token: string };
    oauthClientId = clientId;
  },
  "POST /oauth/revoke": async () => {
    const form = { client_id: oauthClientId ?? "oac_nope", token: oauthTokens?.refresh_token ?? "unknown" };
    expectRequestMatchesOpenApi("POST", "/oauth/revoke", form, "application/x-www-form-urlencoded");
    const revoked = await oauthCall("POST", "/oauth/revoke", { form });
    expect(revoked.status).toBe(oauthClientId ? 200 : 400);
  },
  "GET /.well-known/openapi.json": async () => {
    const res = await exercise("GET", ".well-known/openapi.json", "/.well-known/openapi.json", { status: 200 });
    expect(res.body.servers).toEqual([{ url: "http://sma.test" }]);
    expect(Object.keys(res.body.paths)).toEqual(documentedPaths);
  },
};

describe("OpenAPI samples", () => {
  it("has a sample for every served route", async () => {
    const served = [
      ...new Set(
        (await servedRoutes()).map((route) => `${route.method} ${documentedTemplate(route.path) ?? route.path}`),
      ),
    ].sort();
    expect(Object.keys(SAMPLES).sort()).toEqual(served);
  });

  for (const [name, sample] of Object.entries(SAMPLES)) {
    it(`${name}: a real request and response validate against the document`, sample);
  }
});
