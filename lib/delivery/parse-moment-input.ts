// Moment requests (POST /api/delivery/moments) are validated by the zod schema
// `momentInput` (the contract). A body of 10,000 user ids is the common case, so
// a hand-written check of the same rules accepts valid bodies without zod
// building its result (and its issues' paths) element by element; anything it
// does not accept goes through zod, which produces the 422 details. A property
// test holds the two equal (parse-moment-input.test.ts).
import { fieldErrorsFromZod, validationError, type AppError, type FieldError } from "@/lib/errors";
import { MAX_MOMENT_USERS, momentInput, type MomentInput } from "./delivery.schemas";
import { isIdText, momentFields } from "./fast-check";

/** The user ids when they are 1 to MAX_MOMENT_USERS distinct id texts, else undefined. */
function userIds(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_MOMENT_USERS) return undefined;
  const seen = new Set<string>();
  for (const id of value as unknown[]) {
    if (!isIdText(id) || seen.has(id)) return undefined;
    seen.add(id);
  }
  return value as string[];
}

export function parseMomentInput(body: unknown): MomentInput {
  const fields = momentFields(body);
  const users = fields && userIds(fields.user_ids);
  if (fields && users) {
    return { moment_type: fields.moment_type, sport: fields.sport, game_id: fields.game_id, user_ids: users };
  }
  const result = momentInput.safeParse(body);
  if (result.success) return result.data;
  throw momentValidationError(result.error.issues.length, fieldErrorsFromZod(result.error));
}

/** A refused moment names at most this many problems (10,000 bad user ids must not make a 600 KB answer). */
export const MAX_FIELD_ERRORS = 100;

function momentValidationError(count: number, errors: FieldError[]): AppError {
  if (count <= MAX_FIELD_ERRORS) return validationError(errors);
  const first = errors[0]!;
  return validationError(
    errors.slice(0, MAX_FIELD_ERRORS),
    `${first.path || "body"}: ${first.message} (${count} problems; the first ${MAX_FIELD_ERRORS} are listed)`,
  );
}
