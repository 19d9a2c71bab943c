// The hot path's counters and histograms are plain numbers that prom-client formats at scrape
// time: the text they give is prom-client's own for the same observations (its Counter and
// Histogram, the library this one path stands beside), and METRICS=0 leaves every series empty.
import client from "prom-client";
import { describe, expect, it } from "vitest";
import { reloadEnv } from "@/lib/env";
import { CounterFamily, HistogramFamily } from "./metrics";

const BOUNDS = [0.001, 0.01, 0.1, 1];
const VALUES = [0, 0.0005, 0.001, 0.002, 0.05, 0.1, 0.7, 1, 3, 250];

async function text(register: (registry: client.Registry) => void): Promise<string> {
  const registry = new client.Registry();
  register(registry);
  return registry.metrics();
}

describe("the hot path's cells", () => {
  it("give the text of prom-client's Histogram for the same observations, labels and buckets", async () => {
    const ours = await text((registry) => {
      const family = new HistogramFamily("h_seconds", "help", BOUNDS, ["operation"]);
      registry.registerMetric(family as unknown as client.Metric);
      for (const value of VALUES) family.child("decideMoment").observe(value);
      family.child("fanOutMoment").observe(0.02);
    });
    const theirs = await text((registry) => {
      const histogram = new client.Histogram({
        name: "h_seconds",
        help: "help",
        buckets: BOUNDS,
        labelNames: ["operation"],
        registers: [registry],
      });
      for (const value of VALUES) histogram.labels("decideMoment").observe(value);
      histogram.labels("fanOutMoment").observe(0.02);
    });
    expect(ours).toBe(theirs);
  });

  it("give the text of prom-client's Counter, with and without labels", async () => {
    const ours = await text((registry) => {
      const family = new CounterFamily("c_total", "help", ["outcome", "status"]);
      const plain = new CounterFamily("p_total", "plain");
      registry.registerMetric(family as unknown as client.Metric);
      registry.registerMetric(plain as unknown as client.Metric);
      family.child("filled", "200").inc();
      family.child("filled", "200").inc(4);
      family.child("capped", "204").inc(0);
      plain.child().inc(7);
    });
    const theirs = await text((registry) => {
      const counter = new client.Counter({
        name: "c_total",
        help: "help",
        labelNames: ["outcome", "status"],
        registers: [registry],
      });
      const plain = new client.Counter({ name: "p_total", help: "plain", registers: [registry] });
      counter.labels("filled", "200").inc();
      counter.labels("filled", "200").inc(4);
      counter.labels("capped", "204").inc(0);
      plain.inc(7);
    });
    expect(ours).toBe(theirs);
  });

  it("keep one cell per label values: the hot path holds it", () => {
    const family = new CounterFamily("k_total", "help", ["operation"]);
    expect(family.child("decideMoment")).toBe(family.child("decideMoment"));
    expect(family.child("decideMoment")).not.toBe(family.child("fanOutMoment"));
  });
});

describe("METRICS=0", () => {
  it("makes every increment a no-op: the series stay empty", async () => {
    process.env.METRICS = "0";
    reloadEnv();
    try {
      const { metrics, scrape } = await import("./metrics");
      const observed = metrics();
      expect(observed.enabled).toBe(false);
      observed.decisions.filled.inc();
      observed.request("decideMoment", 200).count.inc();
      observed.groupCommitSeconds.observe(0.01);
      const { text: scraped } = await scrape();
      expect(scraped).toContain("# TYPE sma_decisions_total counter");
      expect(scraped.split("\n").filter((line) => line && !line.startsWith("#"))).toEqual([]);
    } finally {
      delete process.env.METRICS;
      reloadEnv();
    }
  });
});
