import type { ReactNode } from "react";
import { cn } from "./cn";

export type BadgeTone = "neutral" | "ok" | "warn" | "danger" | "info";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-800 border-slate-300",
  ok: "bg-emerald-50 text-emerald-800 border-emerald-300",
  warn: "bg-amber-50 text-amber-900 border-amber-300",
  danger: "bg-red-50 text-red-800 border-red-300",
  info: "bg-blue-50 text-blue-800 border-blue-300",
};

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={cn("inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium", TONES[tone])}>
      {children}
    </span>
  );
}
