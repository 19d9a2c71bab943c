// Postback keys: what an advertiser gives its attribution partners so that only
// they can report its conversions (the postback endpoints). The shapes of the key operations
// (REST, GraphQL, MCP, the dashboard) and how a postback presents its key.
import { z } from "zod";
import { connectionInput } from "@/lib/domain/pagination";

/** Active keys per advertiser: one per attribution partner and a few for rotation (docs/decisions/0504). */
export const MAX_ACTIVE_POSTBACK_KEYS = 10;

/** pbkey_ and 43 base62 characters (256 random bits). */
export const POSTBACK_KEY_PATTERN = /^pbkey_[0-9A-Za-z]{43}$/;
/** recordConversionQuery's query parameter and recordConversion's header (recordConversion also takes the query parameter). */
export const POSTBACK_KEY_PARAMETER = "postback_key";
export const POSTBACK_KEY_HEADER = "x-postback-key";
/** Longer presented values are refused as malformed (422) before any lookup; shorter wrong ones are 401. */
export const POSTBACK_KEY_MAX_LENGTH = 256;

export const POSTBACK_KEY_WARNING =
  "Store this key now: it is shown only once and cannot be retrieved again. Give it to your attribution partner: " +
  "every postback for your campaigns must now carry an active key (postback_key=… in the URL, or the X-Postback-Key header).";

const isoTime = z.string().meta({ format: "date-time", example: "2026-11-22T18:04:05.000Z" });
const keyId = z
  .string()
  .meta({ description: "The key's id (pbk_…), not the key.", example: "pbk_3vQ8mZs0aV2kPp9LwXcT1e" });

/** A key's name: what the advertiser calls it (the partner it is for), trimmed, 1..100 characters. */
export const POSTBACK_KEY_NAME_MAX = 100;
export const postbackKeyName = z
  .string()
  .trim()
  .min(1, "must not be blank")
  .max(POSTBACK_KEY_NAME_MAX, `must be at most ${POSTBACK_KEY_NAME_MAX} characters`)
  .meta({ description: "What you call the key: the partner it is for (1 to 100 characters).", example: "AppsFlyer" });
/** How the dashboard shows a key without a name (docs/decisions/1240). */
export const UNNAMED_POSTBACK_KEY = "Unnamed key";

const keyNameView = z.string().nullable().meta({
  description: "What the advertiser calls the key (the partner it is for); null when it has no name.",
  example: "AppsFlyer",
});

export const postbackKeyView = z
  .object({
    id: keyId,
    name: keyNameView,
    created_at: isoTime,
    last_used_at: isoTime.nullable().meta({
      description: "When a postback last carried this key and was accepted (kept to the minute); null before.",
    }),
    revoked_at: isoTime.nullable().meta({ description: "When the key was revoked; null while it is active." }),
  })
  .meta({ id: "PostbackKey", description: "A postback key. The key itself is shown only when it is created." });
export type PostbackKeyView = z.infer<typeof postbackKeyView>;

export const createdPostbackKeyView = z
  .object({
    id: keyId,
    key: z
      .string()
      .regex(POSTBACK_KEY_PATTERN)
      .nullable()
      .meta({
        description:
          "The key (pbkey_ and 43 letters and digits, 256 random bits). Shown in this answer only: only its hash is kept. " +
          "Null in the replay of a retry with the same Idempotency-Key, which is kept without it: a key lost with the " +
          "first answer cannot be shown again (revoke it and create another).",
        example: "pbkey_7Hq2MZs0aV3kPp9LwXcT1e4fQ2xv0c8N1bT9kqLmZs7A",
      }),
    name: keyNameView,
    created_at: isoTime,
  })
  .meta({ id: "CreatedPostbackKey" });
export type CreatedPostbackKeyView = z.infer<typeof createdPostbackKeyView>;

export const postbackKeyListView = z
  .object({ postback_keys: z.array(postbackKeyView).meta({ description: "Newest first, revoked keys included." }) })
  .meta({ id: "PostbackKeyList" });
export type PostbackKeyListView = z.infer<typeof postbackKeyListView>;

/** A postback key as the domain answers it (REST: postbackKeyView). Never the key: only its hash is kept. */
export type PostbackKey = {
  id: string;
  name: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** A new key's listing and the key itself, which is answered this once. */
/** `key` is null in the copy kept for idempotent retries: it is shown once and stored in no table. */
export type CreatedPostbackKey = { postbackKey: PostbackKey; key: string | null };

/** The inputs of the key operations: the list takes nothing; the create an optional name (none: unnamed). */
export const listPostbackKeysInput = z.strictObject({});
export const createPostbackKeyInput = z.strictObject({ name: postbackKeyName.nullish() });
export type CreatePostbackKeyInput = z.output<typeof createPostbackKeyInput>;
/** Renames a key, by its id (pbk_…); null removes its name. A revoked key may be renamed too (its history stays). */
export const renamePostbackKeyInput = z.strictObject({
  id: z.string(),
  name: postbackKeyName.nullable().meta({ description: "The new name; null removes it." }),
});
export type RenamePostbackKeyInput = z.output<typeof renamePostbackKeyInput>;
/** The key to revoke, by its id (pbk_…), not by the key. */
export const revokePostbackKeyInput = z.strictObject({ id: z.string() });

/** A page of the advertiser's keys, newest first; revoked ones only with include_revoked. */
export const listPostbackKeyConnectionInput = connectionInput({ include_revoked: z.boolean().nullish() });
export type ListPostbackKeyConnectionInput = z.output<typeof listPostbackKeyConnectionInput>;

/** A postback key as presented: any text up to the length a key could have (a wrong one is 401, not 422). */
export const presentedKeyText = z
  .string()
  .max(POSTBACK_KEY_MAX_LENGTH, `must be at most ${POSTBACK_KEY_MAX_LENGTH} characters`);

/**
 * The key a postback presents, as the postback endpoints's route reads it: the query parameter
 * (a repeated one arrives as its values, which this refuses) and the header.
 * A blank value is absent (partners substitute "" for a macro they lack). The
 * recordConversion operation then takes the one key as its postback_key.
 */
export const presentedPostbackKey = z
  .object({
    postback_key: presentedKeyText.optional(),
    "x-postback-key": presentedKeyText.optional(),
  })
  .superRefine((value, ctx) => {
    if (
      value.postback_key !== undefined &&
      value["x-postback-key"] !== undefined &&
      value.postback_key !== value["x-postback-key"]
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["postback_key"],
        message: "give the key once: the postback_key query parameter and the X-Postback-Key header differ",
      });
    }
  })
  .transform((value) => value["x-postback-key"] ?? value.postback_key ?? null);
