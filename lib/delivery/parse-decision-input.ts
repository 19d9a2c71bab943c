// Decision requests are validated by the zod schema (the contract); valid
// requests, nearly all of them, take a hand-written check of the same rules
// first so the hot path does not pay for building zod's result. Anything the
// fast check does not accept goes through zod, which produces the 422 details.
import { parseInput } from "@/lib/errors";
import { decisionInput, type DecisionInput } from "./delivery.schemas";
import { isIdText, momentFields } from "./fast-check";

export function parseDecisionInput(body: unknown): DecisionInput {
  const fields = momentFields(body);
  if (fields && isIdText(fields.user_id)) {
    return { moment_type: fields.moment_type, sport: fields.sport, game_id: fields.game_id, user_id: fields.user_id };
  }
  return parseInput(decisionInput, body);
}
