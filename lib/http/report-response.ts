// How a report is answered (docs/decisions/0503): JSON, or a CSV download when
// `format=csv` or Accept prefers text/csv. The CSV text comes from the domain's
// pure builders (lib/domain/reporting/report-csv.ts); this is the HTTP side:
// content negotiation, the download's headers, the Response. Any route with a
// report to offer in both forms answers through reportResponse.
import { AppError } from "@/lib/errors";
import { jsonResponse } from "./define-route";

export type ReportFormat = "json" | "csv";

/** A report in its two forms; the CSV text is built only when CSV is asked for. */
export type ReportAnswer = {
  json: unknown;
  csv: { filename: string; text: () => string };
  /** Headers of either form (for example x-report-source). */
  headers?: Record<string, string>;
};

function qualityOf(accept: string, type: string): number {
  let best = -1;
  for (const part of accept.split(",")) {
    const [range, ...params] = part.trim().toLowerCase().split(";");
    if (!range) continue;
    const matches = range === type || range === `${type.split("/")[0]}/*` || range === "*/*";
    if (!matches) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const quality = q ? Number(q.slice(2)) : 1;
    // an exact range outranks a wildcard of the same quality
    const score = (Number.isFinite(quality) ? quality : 0) + (range === type ? 0.0001 : 0);
    best = Math.max(best, score);
  }
  return best;
}

function badFormat(message: string): AppError {
  return new AppError("validation_failed", { detail: message, fieldErrors: [{ path: "format", message }] });
}

/**
 * `formats` are every `format` value of the query string. One wins (422 when it
 * is neither json nor csv); a repeated key is 422 (never one of two picked);
 * none, or an empty one, leaves it to Accept: CSV when Accept prefers text/csv
 * to application/json.
 */
export function reportFormat(accept: string | null, formats: readonly string[]): ReportFormat {
  if (formats.length > 1) throw badFormat("format must be given at most once");
  const format = formats[0];
  if (format !== undefined && format !== "") {
    if (format === "json" || format === "csv") return format;
    throw badFormat("format must be json or csv");
  }
  if (!accept) return "json";
  const csv = qualityOf(accept, "text/csv");
  return csv > 0.0001 && csv > qualityOf(accept, "application/json") ? "csv" : "json";
}

/** Headers of a CSV download. */
export function csvHeaders(filename: string): Record<string, string> {
  return {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
    "cache-control": "no-store",
  };
}

/** The format a report request asks for (422 for a bad `format`): routes check it before the report runs. */
export function requestedReportFormat({ request, url }: { request: Request; url: URL }): ReportFormat {
  return reportFormat(request.headers.get("accept"), url.searchParams.getAll("format"));
}

/** A report answered as JSON or as a CSV download, as the request asks. */
export function reportResponse(target: { request: Request; url: URL }, answer: ReportAnswer): Response {
  const { json, csv, headers = {} } = answer;
  if (requestedReportFormat(target) === "csv")
    return new Response(csv.text(), { headers: { ...csvHeaders(csv.filename), ...headers } });
  return jsonResponse(json, { headers });
}
