// The routes served by the custom server's hot router (see hot-router.ts), the REST surface's
// hot entries (lib/http/rest-surface.ts) by their operationId:
//   decideMoment   ad decision at a moment (platform key)
//   fanOutMoment   one moment fanned out to up to 10,000 users (platform key)
//   followClick    click: record once, 302 to the creative
import type { ServerResponse } from "node:http";
import { decisionInput, momentInput } from "@/lib/delivery/delivery.schemas";
import { deliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { withMomentSlot } from "@/lib/delivery/moment-concurrency";
import { requirePlatformKey } from "@/lib/delivery/platform-auth";
import { AppError, parseInput } from "@/lib/errors";
import { bodyLimitOf } from "@/lib/http/body-limits";
import { SERVED, surfaceEntry } from "@/lib/http/rest-surface";
import { metrics } from "@/lib/observability/metrics";
import { tracingEnabled, withSpan } from "@/lib/observability/tracing";
import { HotRouter, readJson, sendEncodedJson, sendJson, type HotHandler, type HotRequest } from "./hot-router";
import { encodeMomentAnswer } from "./moment-answer";

function noContent(res: ServerResponse): void {
  res.writeHead(204, { "cache-control": "no-store" });
  res.end();
}

async function decide(req: HotRequest, res: ServerResponse): Promise<void> {
  // an unread body (refused key) is drained or cut off after the answer (./drain-unread-body.ts)
  const platform = await requirePlatformKey(req.headers.authorization);
  const input = parseInput(decisionInput, await readJson(req, bodyLimitOf(surfaceEntry("decideMoment"))));
  const decision = await (await deliveryEngine()).decide(input, platform);
  metrics().decisions[decision.kind].inc();
  if (decision.kind === "filled") sendJson(res, 200, decision.view);
  else noContent(res);
}

async function fanOut(req: HotRequest, res: ServerResponse): Promise<void> {
  const platform = await requirePlatformKey(req.headers.authorization);
  const input = parseInput(momentInput, await readJson(req, bodyLimitOf(surfaceEntry("fanOutMoment"))));
  // a key's moments in flight are bounded (429 with Retry-After past it)
  const decisions = await withMomentSlot(platform.keyId ?? "", async () =>
    (await deliveryEngine()).fanOut(input, platform),
  );
  sendEncodedJson(res, 200, encodeMomentAnswer(decisions));
}

async function click(_req: HotRequest, res: ServerResponse, match: { rest: string }): Promise<void> {
  let clickId: string;
  try {
    clickId = decodeURIComponent(match.rest);
  } catch {
    clickId = "";
  }
  const location = await (await deliveryEngine()).click(clickId);
  if (!location) throw new AppError("click_not_found", { detail: "No ad was served with this click id." });
  res.writeHead(302, { location, "cache-control": "no-store", "referrer-policy": "no-referrer" });
  res.end();
}

const HANDLERS: Record<string, HotHandler> = { decideMoment: decide, fanOutMoment: fanOut, followClick: click };

export function createHotRouter(): HotRouter {
  const router = new HotRouter();
  for (const entry of SERVED) {
    if (entry.serve !== "hot") continue;
    const handler = HANDLERS[entry.doc.operationId];
    if (!handler) throw new Error(`No hot handler for ${entry.doc.operationId}`);
    const name = entry.doc.operationId;
    // a span per operation when tracing is on (the request's span is its parent); else the handler as it is
    const traced: HotHandler = (req, res, match) =>
      tracingEnabled() ? withSpan(name, {}, () => Promise.resolve(handler(req, res, match))) : handler(req, res, match);
    // a template ending in a parameter (`/c/{click_id}`) is a prefix route: the rest of the path is the parameter
    router.on(entry.method, entry.path.replace(/\{\w+\}$/, "*"), traced);
  }
  return router;
}
