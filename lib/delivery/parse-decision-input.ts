// Decision requests are validated by the zod schema (the contract); valid
// requests, nearly all of them, take a hand-written check of the same rules
// first so the hot path does not pay for building zod's result. Anything the
// fast check does not accept goes through zod, which produces the 422 details.
import { parseInput } from "@/lib/errors";
import { isMomentType } from "@/lib/domain/moment-types/catalog";
import { isSport } from "@/lib/domain/sports";
import { decisionInput, type DecisionInput } from "./delivery.schemas";

function isIdText(value: unknown): value is string {
  return typeof value === "string" && value.length >= 1 && value.length <= 128;
}

export function parseDecisionInput(body: unknown): DecisionInput {
  if (typeof body === "object" && body !== null && !Array.isArray(body)) {
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
      isIdText(fields.game_id) &&
      isIdText(fields.user_id)
    ) {
      return { moment_type: fields.moment_type, sport: fields.sport, game_id: fields.game_id, user_id: fields.user_id };
    }
  }
  return parseInput(decisionInput, body);
}
