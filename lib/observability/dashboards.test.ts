// The example Grafana dashboard (docs/grafana-dashboard.json) and the alerting rules
// (docs/prometheus-alerts.yml) use only metrics the service exports: every sma_* name in them
// is a metric of the registry (a histogram's _bucket, _sum and _count included), and every
// label they filter on is one of that metric's.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createMetrics } from "./metrics";

async function exported(): Promise<Map<string, Set<string>>> {
  const { registry } = createMetrics(true);
  const names = new Map<string, Set<string>>();
  for (const metric of registry.getMetricsAsArray() as unknown as {
    name: string;
    labelNames?: readonly string[];
    get(): Promise<{ type: string; values: { labels: object }[] }> | { type: string; values: { labels: object }[] };
  }[]) {
    const { type, values } = await metric.get();
    const suffixes = type === "histogram" ? ["_bucket", "_sum", "_count"] : [""];
    // the labels a family declares (children or not), and those its samples carry
    const labels = new Set([...(metric.labelNames ?? []), ...values.flatMap((value) => Object.keys(value.labels))]);
    if (type === "histogram") labels.add("le");
    for (const suffix of suffixes) names.set(`${metric.name}${suffix}`, labels);
  }
  return names;
}

/** Each `sma_name{labels}` of an expression: the name and the label names it matches on. */
function uses(text: string): { name: string; labels: string[] }[] {
  return [...text.matchAll(/\b(sma_[a-z0-9_]+)(\{([^}]*)\})?/g)].map((match) => ({
    name: match[1]!,
    labels: [...(match[3] ?? "").matchAll(/([a-z_]+)\s*(=~|!=|!~|=)/g)].map((label) => label[1]!),
  }));
}

describe("the operator documents", () => {
  for (const file of ["docs/grafana-dashboard.json", "docs/prometheus-alerts.yml"]) {
    it(`${file} uses only exported metrics and their labels`, async () => {
      const names = await exported();
      const used = uses(readFileSync(file, "utf8"));
      expect(used.length).toBeGreaterThan(10);
      for (const { name, labels } of used) {
        expect(names.has(name), `${name} is not exported`).toBe(true);
        // job and instance are Prometheus's own, added at scrape
        for (const label of labels.filter((label) => label !== "job" && label !== "instance"))
          expect(names.get(name)!.has(label), `${name} has no label ${label}`).toBe(true);
      }
    });
  }

  it("the dashboard is Grafana JSON with its panels' queries", () => {
    const dashboard = JSON.parse(readFileSync("docs/grafana-dashboard.json", "utf8")) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of dashboard.panels) expect(panel.targets.length, panel.title).toBeGreaterThan(0);
  });
});
