// E2 as REST answers it, from the domain's moment types with an injected clock
// (the CTR-range tests step the clock past the minute the ranges are kept).
import type { Clock } from "@/lib/clock";
import { momentTypes } from "@/lib/domain/moment-types/list-moment-types";
import { momentTypeView } from "@/lib/http/views/catalog";

export async function listMomentTypes(options: { clock?: Clock } = {}) {
  return (await momentTypes(options)).map(momentTypeView);
}
