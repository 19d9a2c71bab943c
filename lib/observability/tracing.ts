// OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/decisions/1442):
// the Node SDK with the OTLP/HTTP exporter (JSON), the W3C trace context propagator and
// AsyncLocalStorage context. Off, nothing is started and every helper here is a branch on a
// boolean that runs the work as it is: no span, no context, no header.
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from "@opentelemetry/api";
import { processWide } from "@/lib/process-wide";

type TracingState = { enabled: boolean; stop?: () => Promise<void> };

let held: TracingState | undefined;
/** The process's tracing state, kept by this module's copy after the first call (the hot path asks it). */
const state = () => (held ??= processWide<TracingState>("tracing", () => ({ enabled: false })));

export function tracingEnabled(): boolean {
  return state().enabled;
}

/**
 * Starts the SDK exporting to `endpoint` (the collector's base URL; spans go to
 * `<endpoint>/v1/traces`). Returns the shutdown that flushes what is buffered.
 */
export async function startTracing(options: { endpoint: string; serviceName: string }): Promise<() => Promise<void>> {
  const current = state();
  if (current.stop) return current.stop;
  const [{ NodeSDK }, { OTLPTraceExporter }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, "")}/v1/traces` });
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    // a batch span processor over the exporter (OTEL_BSP_* tune it)
    traceExporter: exporter,
    // traces only: no metrics or logs exporter, no automatic instrumentation (our spans are explicit)
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
    autoDetectResources: false,
  });
  sdk.start();
  current.enabled = true;
  current.stop = async () => {
    current.enabled = false;
    current.stop = undefined;
    await sdk.shutdown();
    // the process's OpenTelemetry globals back to their no-op defaults
    trace.disable();
    context.disable();
    propagation.disable();
  };
  return current.stop;
}

function tracer() {
  return trace.getTracer("sports-moment-ads");
}

function endWith(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * Runs `work` in a span named `name` when tracing is on; else just runs it. The span is a
 * child of the active one, or of `traceParent` (a W3C traceparent kept from earlier, as an
 * outbox event keeps its writer's) when one is given.
 */
export function withSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span | undefined) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
  traceParent?: string | null,
): Promise<T> {
  if (!state().enabled) return work(undefined);
  const parent = traceParent ? propagation.extract(ROOT_CONTEXT, { traceparent: traceParent }) : context.active();
  return tracer().startActiveSpan(name, { attributes, kind }, parent, async (span) => {
    try {
      const result = await work(span);
      span.end();
      return result;
    } catch (error) {
      endWith(span, error);
      throw error;
    }
  });
}

/**
 * The server span of one request, a child of the client's W3C `traceparent` when it sent
 * one (serve the request in it with runInSpan). Undefined when tracing is off.
 */
export function startRequestSpan(
  name: string,
  headers: Record<string, string | string[] | undefined>,
  attributes: Attributes,
): Span | undefined {
  if (!state().enabled) return undefined;
  const parent: Context = propagation.extract(ROOT_CONTEXT, headers);
  return tracer().startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
}

/** Runs `work` with `span` active (its children's parent); just runs it without a span. */
export function runInSpan(span: Span | undefined, work: () => void): void {
  if (!span) work();
  else context.with(trace.setSpan(ROOT_CONTEXT, span), work);
}

/** Adds the active span's `traceparent` (and `tracestate`) to outgoing headers; nothing when off. */
export function injectTraceHeaders(headers: Record<string, string>): Record<string, string> {
  if (state().enabled) propagation.inject(context.active(), headers);
  return headers;
}

/**
 * The active span's W3C traceparent, kept with work done later in another context (an outbox
 * event's delivery) so that it joins this trace; null when tracing is off or no span is active.
 */
export function activeTraceParent(): string | null {
  if (!state().enabled || !trace.getActiveSpan()) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The active span's trace id, for the log lines (lib/log.ts); undefined when off or outside a span. */
export function activeTraceId(): string | undefined {
  if (!state().enabled) return undefined;
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && trace.isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

export { SpanKind, SpanStatusCode };
