// Traffic is split equally across a campaign's approved variants (spec, addCreativeVariant);
// any other status gets none.
import { round6 } from "@/lib/money";

export function trafficAllocation(status: string, approvedVariants: number): number {
  if (status !== "approved" || approvedVariants <= 0) return 0;
  return round6(1 / approvedVariants);
}
