// One signed POST to an endpoint, through the outbound guard (HTTPS and public
// addresses, checked again at every send), with a 10 s timeout. Redirects are
// not followed: a 3xx is a failed attempt, as at Stripe and Svix (a signed body
// must not be forwarded somewhere the advertiser did not register).
import { injectTraceHeaders, SpanKind, SpanStatusCode, tracingEnabled, withSpan } from "@/lib/observability/tracing";
import { guardedRequest, OutboundBlockedError, OutboundFailedError } from "@/lib/outbound/guarded-request";
import { signatureHeaders } from "./sign";

export const DEFAULT_TIMEOUT_MS = 10_000;

export type SendOutcome = {
  /** a 2xx answer */
  ok: boolean;
  /** the HTTP status, or null when no answer came (refused, network, timeout) */
  statusCode: number | null;
  durationMs: number;
  /** null on success; otherwise what went wrong, for the delivery log */
  error: string | null;
  /** the endpoint answered 410 Gone: it asks to be deactivated */
  gone: boolean;
};

export type SendOptions = {
  /** clock for the signed timestamp */
  nowMs: number;
  timeoutMs?: number;
  allowHosts?: readonly string[];
};

function snippet(body: Buffer): string {
  const text = body.toString("utf8", 0, Math.min(body.length, 512)).replace(/\s+/g, " ").trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * The POST, in a client span when tracing is on (its W3C `traceparent` sent with it, so the
 * receiver's spans join the trace). The span is a child of `message.traceParent` when the
 * event kept its writer's (the dispatcher's deliveries), else of the active span.
 */
export function sendWebhook(
  endpoint: { url: string; secret: string },
  message: { eventId: string; body: string; traceParent?: string | null },
  options: SendOptions,
): Promise<SendOutcome> {
  if (!tracingEnabled()) return send(endpoint, message, options, {});
  return withSpan(
    "webhook.send",
    { "sma.webhook.event_id": message.eventId },
    async (span) => {
      const outcome = await send(endpoint, message, options, injectTraceHeaders({}));
      if (outcome.statusCode !== null) span?.setAttribute("http.response.status_code", outcome.statusCode);
      if (!outcome.ok) span?.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error ?? "failed" });
      return outcome;
    },
    SpanKind.CLIENT,
    message.traceParent,
  );
}

async function send(
  endpoint: { url: string; secret: string },
  message: { eventId: string; body: string },
  options: SendOptions,
  traceHeaders: Record<string, string>,
): Promise<SendOutcome> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  try {
    const response = await guardedRequest(endpoint.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "SportsMomentAds-Webhooks/1.0",
        ...traceHeaders,
        ...signatureHeaders(endpoint.secret, message.eventId, message.body, options.nowMs),
      },
      body: message.body,
      timeoutMs,
      maxRedirects: 0,
      maxBodyBytes: 4 * 1024,
      allowHosts: options.allowHosts,
      // receivers get many deliveries: reuse connections to the address vetted for this send
      keepAlive: true,
    });
    const status = response.status;
    const ok = status >= 200 && status < 300;
    let error: string | null = null;
    if (!ok) {
      const text = snippet(response.body);
      error =
        status >= 300 && status < 400
          ? `HTTP ${status}: redirects are not followed`
          : `HTTP ${status}${text ? `: ${text}` : ""}`;
    }
    return { ok, statusCode: status, durationMs: elapsed(), error, gone: status === 410 };
  } catch (caught) {
    let error: string;
    if (caught instanceof OutboundBlockedError) error = `refused before connecting: ${caught.message}`;
    else if (caught instanceof OutboundFailedError && caught.reason === "timeout")
      error = `no answer within ${timeoutMs / 1000} s`;
    else if (caught instanceof OutboundFailedError) error = `connection failed: ${caught.message}`;
    else throw caught;
    return { ok: false, statusCode: null, durationMs: elapsed(), error, gone: false };
  }
}
