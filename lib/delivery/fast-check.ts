// The hand-written checks the hot paths run before zod (parse-decision-input.ts,
// parse-moment-input.ts): the same rules as the zod schemas, for bodies that pass
// them, without building zod's result. Anything they do not accept goes through zod.
import { isMomentType, type MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import { isSport, type Sport } from "@/lib/domain/sports";

/** An id as the schemas take it: a string of 1 to 128 characters. */
export function isIdText(value: unknown): value is string {
  return typeof value === "string" && value.length >= 1 && value.length <= 128;
}

export type MomentFields = Record<string, unknown> & { moment_type: MomentTypeKey; sport: Sport; game_id: string };

/**
 * The body's fields when it is an object with exactly four own keys, a known moment type, a
 * known sport and a game id; otherwise undefined (the caller checks the fourth field).
 */
export function momentFields(body: unknown): MomentFields | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const fields = body as Record<string, unknown>;
  let count = 0;
  for (const key in fields) {
    if (Object.hasOwn(fields, key)) count++;
  }
  if (
    count === 4 &&
    typeof fields.moment_type === "string" &&
    isMomentType(fields.moment_type) &&
    typeof fields.sport === "string" &&
    isSport(fields.sport) &&
    isIdText(fields.game_id)
  ) {
    return fields as MomentFields;
  }
  return undefined;
}
