// What every scripts/bench/*.bench.ts exports: `run(): Promise<BenchResult>`.
import { cpus, totalmem } from "node:os";

export type BenchMetric = { label: string; value: number; unit: string };
export type BenchCheck = { label: string; value: number; target: string; pass: boolean; note?: string };
export type BenchResult = {
  name: string;
  description: string;
  metrics: BenchMetric[];
  checks: BenchCheck[];
  notes?: string[];
};

export function machine(): string {
  const cpu = cpus();
  return `${cpu.length} x ${cpu[0]?.model.trim() ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
