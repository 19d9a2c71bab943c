// Traces against a real OTLP/HTTP receiver on loopback (a node:http server collecting the
// exporter's JSON): a decision and a webhook test send made with a client's W3C traceparent
// produce connected spans in that trace (request, operation, database commit, outbound
// webhook), the webhook carries the traceparent of its span, and the log lines written
// inside carry the trace id. The decision's impression.served webhook, sent later by the
// dispatcher, joins the same trace under the commit that wrote its event. Off (no endpoint), nothing is sent and no header added.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWN_HANDLERS } from "@/app/api/[...path]/own-handlers";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { fixedClock } from "@/lib/clock";
import { stopDeliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { reloadEnv } from "@/lib/env";
import { dispatcher } from "@/lib/http/rest-router";
import { createLogger } from "@/lib/log";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { registerWebhook } from "@/lib/webhooks/register-webhook";
import { deliveryCampaign, resetDeliveryTables } from "@/test/delivery-engine";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { startHotServer, type HotServer } from "@/test/hot-server";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";
import { startTracing } from "./tracing";

type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number };
type OtlpExport = { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };

let collector: Server;
let collectorUrl: string;
const exports: { path: string; contentType: string; body: OtlpExport }[] = [];
let server: HotServer;
let receiver: Receiver;
let platformKey: string;
let webhookPath: string;
let token: string;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      exports.push({
        path: req.url ?? "",
        contentType: req.headers["content-type"] ?? "",
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport,
      });
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

  receiver = await startReceiver();
  process.env.OUTBOUND_ALLOW_HOSTS = receiver.hostPort;
  process.env.LOG_LEVEL = "debug";
  reloadEnv();
  (globalThis as { __smaLogger?: unknown }).__smaLogger = createLogger(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean))
          logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }) as never,
  );

  await resetDeliveryTables();
  await stopDeliveryEngine();
  const adv = await createTestAdvertiser();
  token = await adv.token();
  await deliveryCampaign({ advertiserId: adv.advertiserId, bidCpmUsd: 2 });
  platformKey = (await createPlatformKey("tracing test publisher")).key;
  const endpoint = await registerWebhook(
    actorFor(adv.advertiserId),
    { url: receiver.url("/hook"), events: ["conversion.recorded"] },
    { allowHosts: [receiver.hostPort], clock: fixedClock(Date.now() - 1000) },
  );
  webhookPath = `/api/ads/webhooks/${endpoint.id}/test`;
  // the dispatcher's deliveries: every impression the decisions serve, one POST each
  await registerWebhook(
    actorFor(adv.advertiserId),
    { url: receiver.url("/served"), events: ["impression.served"] },
    { allowHosts: [receiver.hostPort], clock: fixedClock(Date.now() - 1000) },
  );
  server = await startHotServer({ [webhookPath]: { POST: dispatcher(OWN_HANDLERS) } });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
  await stopDeliveryEngine();
  await new Promise<void>((resolve) => collector.close(() => resolve()));
  delete (globalThis as { __smaLogger?: unknown }).__smaLogger;
});

function decide(headers: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/api/delivery/decisions`, {
    method: "POST",
    headers: { authorization: `Bearer ${platformKey}`, "content-type": "application/json", ...headers },
    body: JSON.stringify({ moment_type: "close_game", sport: "nba", game_id: "g1", user_id: `u${logLines.length}` }),
  });
}

function sendTest(headers: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}${webhookPath}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
}

describe("tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT)", () => {
  it("exports nothing and sends no traceparent", async () => {
    const traceparent = `00-${randomBytes(16).toString("hex")}-${randomBytes(8).toString("hex")}-01`;
    expect((await decide({ traceparent })).status).toBe(200);
    const answer = await sendTest({ traceparent });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { success: boolean }).success).toBe(true);
    const [hook] = await receiver.waitFor(1, "/hook");
    expect(hook!.headers.traceparent).toBeUndefined();
    await new WebhookDispatcher({ allowHosts: [receiver.hostPort] }).drain();
    const [served] = await receiver.waitFor(1, "/served");
    expect(served!.headers.traceparent).toBeUndefined();
    expect(logLines.some((line) => "trace_id" in line)).toBe(false);
    expect(exports).toEqual([]);
    receiver.clear();
  });
});

describe("tracing on", () => {
  it("connects the spans of a decision and a webhook delivery to the client's traceparent", async () => {
    const stop = await startTracing({ endpoint: collectorUrl, serviceName: "sma-test" });
    const traceId = randomBytes(16).toString("hex");
    const clientSpanId = randomBytes(8).toString("hex");
    const traceparent = `00-${traceId}-${clientSpanId}-01`;

    expect((await decide({ traceparent })).status).toBe(200);
    const answer = await sendTest({ traceparent });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { success: boolean }).success).toBe(true);
    const [hook] = await receiver.waitFor(1, "/hook");
    // the decision's impression.served event, delivered by the dispatcher in its own pass
    await new WebhookDispatcher({ allowHosts: [receiver.hostPort] }).drain();
    const served = await receiver.waitFor(1, "/served");
    await stop(); // flushes the batch

    expect(exports.length).toBeGreaterThan(0);
    for (const sent of exports) {
      expect(sent.path).toBe("/v1/traces");
      expect(sent.contentType).toContain("application/json");
    }
    const spans = exports.flatMap((sent) =>
      sent.body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
    );
    const inTrace = spans.filter((span) => span.traceId === traceId);
    const named = (name: string) => {
      const found = inTrace.filter((span) => span.name === name);
      expect(found, `${name} in ${inTrace.map((span) => span.name).join(", ")}`).toHaveLength(1);
      return found[0]!;
    };
    // the decision: request (child of the client's span) > operation > group commit
    const decisionRequest = named("POST decideMoment");
    expect(decisionRequest.parentSpanId).toBe(clientSpanId);
    const decision = named("decideMoment");
    expect(decision.parentSpanId).toBe(decisionRequest.spanId);
    const commit = named("db.group_commit");
    expect(commit.parentSpanId).toBe(decision.spanId);
    // the webhook: request > operation > outbound send, whose traceparent the receiver got
    const sendRequest = named("POST sendWebhookTestEvent");
    expect(sendRequest.parentSpanId).toBe(clientSpanId);
    const operation = named("sendWebhookTestEvent");
    expect(operation.parentSpanId).toBe(sendRequest.spanId);
    const sends = inTrace.filter((span) => span.name === "webhook.send");
    expect(sends.map((span) => span.parentSpanId).sort()).toEqual([operation.spanId, commit.spanId].sort());
    const outbound = sends.find((span) => span.parentSpanId === operation.spanId)!;
    expect(hook!.headers.traceparent).toBe(`00-${traceId}-${outbound.spanId}-01`);
    // the dispatcher's delivery: a child of the commit that wrote the event, its traceparent sent on
    const delivered = sends.find((span) => span.parentSpanId === commit.spanId)!;
    expect(served.map((request) => request.headers.traceparent)).toEqual([`00-${traceId}-${delivered.spanId}-01`]);

    // the request log lines written inside the spans carry the trace id
    const requestLines = logLines.filter((line) => line.msg === "request" && line.trace_id === traceId);
    expect(requestLines.map((line) => line.path).sort()).toEqual(["/api/delivery/decisions", webhookPath].sort());
  });
});
