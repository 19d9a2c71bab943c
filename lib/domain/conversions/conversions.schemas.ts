// Inputs and outputs of the postback operations (recordConversionQuery query form, recordConversion JSON form).
// One input serves both (recordConversionInput): recordConversionQuery's route turns its query
// string into the same object (queryObject with POSTBACK_QUERY), recordConversion's route
// takes its JSON body (postbackInput's fields), and both add the postback key
// they were given (the postback_key parameter or the X-Postback-Key header).
import { z } from "zod";
import {
  POSTBACK_KEY_HEADER,
  POSTBACK_KEY_MAX_LENGTH,
  POSTBACK_KEY_PARAMETER,
  presentedKeyText,
} from "@/lib/domain/postback-keys/postback-keys.schemas";

export const CONVERSION_EVENT_TYPES = ["install", "registration", "deposit", "purchase", "custom"] as const;

/** Conversions are worth at most this much each (a typo guard, far above any real deposit or purchase). */
export const MAX_EVENT_VALUE_USD = 1_000_000_000;

const id = (what: string) =>
  z
    .string()
    .min(1, `${what} is required`)
    .max(256)
    .meta({ description: `The ${what} (unknown or foreign ids answer 404 click_not_found).` });

const postbackFields = {
  campaign_id: id("campaign id").meta({ example: "cmp_4fQ2xv0c8N1bT9kqLmZs7A" }),
  click_id: id("click id").meta({
    description: "The click id our click redirect appended to the ad's action URL (clk_...).",
    example: "clk_7Hq2MZs0aV3kPp9LwXcT1e",
  }),
  event_type: z.enum(CONVERSION_EVENT_TYPES),
  event_value_usd: z
    .number()
    .nonnegative()
    .max(MAX_EVENT_VALUE_USD)
    .nullish()
    .meta({ description: "Value of the conversion in USD (kept to 6 decimals).", example: 25 }),
  event_name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .nullish()
    .meta({ description: "Required when event_type is custom.", example: "first_deposit" }),
  idempotency_key: z.string().min(1).max(255).nullish().meta({
    description:
      "A repeated key for the same campaign never records a second conversion: the repeat answers already_recorded.",
  }),
};

function customNeedsName(value: { event_type: string; event_name?: string | null }, ctx: z.RefinementCtx): void {
  if (value.event_type === "custom" && !value.event_name) {
    ctx.addIssue({
      code: "custom",
      path: ["event_name"],
      message: "event_name is required when event_type is custom",
    });
  }
}

/** recordConversion's JSON body: the conversion (the postback key travels beside it, in a header or the query string). */
export const postbackInput = z.strictObject(postbackFields).superRefine(customNeedsName).meta({ id: "PostbackInput" });

/**
 * The input of the recordConversion operations (the postback endpoints alike): the conversion and
 * the postback key presented with it, if any (required once the campaign's advertiser has
 * an active key, docs/decisions/0504).
 */
export const recordConversionInput = z
  .strictObject({ ...postbackFields, postback_key: presentedKeyText.nullish() })
  .superRefine(customNeedsName);
export type RecordConversionInput = z.infer<typeof recordConversionInput>;

/** recordConversionQuery's query parameters of the conversion itself, documented as strings (that is how they travel). */
const postbackFieldsQuery = z.object({
  campaign_id: z.string(),
  click_id: z.string(),
  event_type: z.enum(CONVERSION_EVENT_TYPES),
  event_value_usd: z
    .string()
    .optional()
    .meta({ description: "Decimal number of USD, e.g. 25 or 9.99. Empty means none." }),
  event_name: z.string().optional().meta({ description: "Required when event_type is custom." }),
  idempotency_key: z.string().optional(),
});

/** The postback key parameter: recordConversionQuery's way to carry it, and recordConversion's other way (docs/postbacks.md). */
export const postbackKeyQuery = z.object({
  [POSTBACK_KEY_PARAMETER]: z
    .string()
    .max(POSTBACK_KEY_MAX_LENGTH)
    .optional()
    .meta({
      description:
        "An active postback key of the campaign's advertiser: required once the advertiser has one (401 " +
        "postback_key_required without it, 401 invalid_postback_key for a wrong or revoked one); ignored before.",
      example: "pbkey_7Hq2MZs0aV3kPp9LwXcT1e4fQ2xv0c8N1bT9kqLmZs7A",
    }),
});

/** recordConversionQuery's query parameters, documented as strings. */
export const postbackQuery = postbackFieldsQuery.extend(postbackKeyQuery.shape).meta({
  description:
    "Empty values count as absent (partners substitute an empty string for a missing macro). Other parameters are ignored.",
});

/** recordConversion's header carrying the postback key (or the postback_key query parameter). */
export const postbackKeyHeader = z.object({
  [POSTBACK_KEY_HEADER]: z
    .string()
    .max(POSTBACK_KEY_MAX_LENGTH)
    .optional()
    .meta({
      description:
        "An active postback key of the campaign's advertiser, required once the advertiser has one (or the " +
        "postback_key query parameter; both given must be equal).",
    }),
});

/** How the postback key parameter is read from either form's query string (a blank one is absent). */
export const POSTBACK_KEY_QUERY = { keys: [POSTBACK_KEY_PARAMETER], absent: "blank" } as const;

/**
 * How recordConversionQuery's query string becomes the object postbackInput parses: only the known
 * keys (partners append their own parameters), each given once (a repeated one
 * is refused rather than resolved to one of its values), a blank value absent (partners substitute "" for a missing macro), and the value a
 * number when it is a plain decimal (anything else is left as text so that
 * validation names the field).
 */
export const POSTBACK_QUERY = {
  keys: Object.keys(postbackFieldsQuery.shape),
  absent: "blank",
  numbers: { event_value_usd: /^\s*\d+(\.\d+)?\s*$/ },
} as const;

export const postbackResult = z.object({ status: z.enum(["recorded", "already_recorded"]) }).meta({
  id: "ConversionResult",
  description: "recorded: this request created the conversion; already_recorded: it existed.",
});
export type PostbackResult = z.infer<typeof postbackResult>;
