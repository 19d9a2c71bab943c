// What the request edge (server.ts, test/hot-server.ts) records of every request: its log
// line (debug for the hot paths and the operator endpoints, info for the rest), its count
// and duration by operation and status (the operator endpoints are not counted), and, when
// tracing is on, its server span, a child of the client's `traceparent`, in whose context
// the request is served.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { operationLabel } from "@/lib/http/operation-label";
import { metrics } from "./metrics";
import { isOperatorPath } from "./operator-routes";
import { runInSpan, startRequestSpan } from "./tracing";

export function observeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  options: { pathname: string; requestId: string; quiet: boolean; log: Logger },
  serve: () => void,
): void {
  const { pathname, requestId, log } = options;
  const started = performance.now();
  const operator = isOperatorPath(pathname);
  const quiet = options.quiet || operator;
  const operation = operationLabel(req.method, pathname);
  const span = startRequestSpan(`${req.method ?? "GET"} ${operation}`, req.headers, {
    "http.request.method": req.method ?? "GET",
    "sma.operation": operation,
    "sma.request_id": requestId,
  });
  res.on("finish", () => {
    const seconds = (performance.now() - started) / 1000;
    const status = res.statusCode;
    if (!operator) {
      const series = metrics().request(operation, status);
      series.count.inc();
      series.seconds.observe(seconds);
    }
    span?.setAttribute("http.response.status_code", status);
    const fields = { requestId, method: req.method, path: pathname, status, ms: Math.round(seconds * 100_000) / 100 };
    // the hot paths log at debug: thousands of lines a second help nobody; probes every second neither
    if (quiet) log.debug(fields, "request");
    else log.info(fields, "request");
  });
  if (span) res.once("close", () => span.end());
  runInSpan(span, serve);
}
