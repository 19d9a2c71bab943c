import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { reportFormat, reportResponse, requestedReportFormat, type ReportAnswer } from "./report-response";

const answer: ReportAnswer = {
  json: { total: 1 },
  csv: { filename: "campaign cmp_1.csv", text: () => "total\r\n1\r\n" },
  headers: { "x-report-source": "rollup" },
};

function requestFor(query: string, accept?: string) {
  const url = new URL(`http://localhost/report?${query}`);
  return { url, request: new Request(url, { headers: accept ? { accept } : {} }) };
}

describe("reportFormat", () => {
  it("format wins over Accept; CSV only when Accept prefers text/csv to application/json", () => {
    expect(reportFormat("text/csv", ["json"])).toBe("json");
    expect(reportFormat(null, ["csv"])).toBe("csv");
    expect(reportFormat("text/csv", [])).toBe("csv");
    expect(reportFormat("text/csv;q=0.5, application/json", [])).toBe("json");
    expect(reportFormat("*/*", [])).toBe("json");
    expect(reportFormat("text/*", [])).toBe("csv");
    expect(reportFormat(null, [""])).toBe("json");
  });

  it("refuses any other format", () => {
    expect(() => reportFormat(null, ["xml"])).toThrow(AppError);
  });

  it("refuses a repeated format, even twice the same or with an empty one, instead of picking one", () => {
    for (const formats of [
      ["csv", "json"],
      ["json", "csv"],
      ["csv", "csv"],
      ["", "csv"],
    ]) {
      let error: unknown;
      try {
        reportFormat("text/csv", formats);
      } catch (caught) {
        error = caught;
      }
      expect(error, formats.join(",")).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("validation_failed");
      expect((error as AppError).fieldErrors).toEqual([
        { path: "format", message: "format must be given at most once" },
      ]);
    }
  });
});

describe("reportResponse", () => {
  it("answers JSON with the report's headers", async () => {
    const response = reportResponse(requestFor(""), answer);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-report-source")).toBe("rollup");
    expect(await response.json()).toEqual({ total: 1 });
  });

  it("answers a CSV download with a safe file name", async () => {
    const response = reportResponse(requestFor("format=csv"), answer);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="campaign_cmp_1.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-report-source")).toBe("rollup");
    expect(await response.text()).toBe("total\r\n1\r\n");
  });

  it("refuses a bad format (routes check it before the report runs)", () => {
    expect(() => requestedReportFormat(requestFor("format=pdf"))).toThrow(AppError);
    expect(() => reportResponse(requestFor("format=pdf"), answer)).toThrow(AppError);
    expect(requestedReportFormat(requestFor("format=csv"))).toBe("csv");
  });
});
