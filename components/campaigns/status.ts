import type { BadgeTone } from "@/components/ui/badge";

export function statusTone(status: string): BadgeTone {
  switch (status) {
    case "ACTIVE":
    case "APPROVED":
      return "ok";
    case "PAUSED":
    case "PENDING":
      return "warn";
    case "CANCELLED":
    case "REJECTED":
      return "danger";
    default:
      return "neutral";
  }
}

export function statusLabel(status: string): string {
  return status.charAt(0) + status.slice(1).toLowerCase();
}
