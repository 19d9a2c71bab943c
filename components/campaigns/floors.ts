// A campaign's minimum bid is the highest floor among its moment types: the
// domain's rule (highestFloorType in lib/domain/moment-types/catalog.ts, which
// the API's floor check uses too), worded here for the create and edit forms.
import { highestFloorType, isMomentType } from "@/lib/domain/moment-types/catalog";
import { microsToUsd } from "@/lib/money";
import { formatUsd } from "@/components/format";

/** "At least $0.40, the floor of Overtime (the highest selected)." for GraphQL keys (OVERTIME); null for none. */
export function bidFloorHint(keys: readonly string[]): string | null {
  const setter = highestFloorType(keys.map((key) => key.toLowerCase()).filter(isMomentType));
  if (!setter) return null;
  return `At least ${formatUsd(microsToUsd(setter.floorCpmMicros))}, the floor of ${setter.displayName} (the highest selected).`;
}
