import { z } from "zod";
import {
  createPostbackKeyInput,
  MAX_ACTIVE_POSTBACK_KEYS,
  renamePostbackKeyInput,
} from "@/lib/domain/postback-keys/postback-keys.schemas";
import type { OperationDoc } from "../common";

const keyId = z.object({
  id: z.string().meta({ description: "Postback key id (pbk_...)", example: "pbk_3vQ8mZs0aV2kPp9LwXcT1e" }),
});

const json = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });

const RULE =
  "While the advertiser has no active postback key, a postback (E16/E17) for its campaigns needs none: the unguessable " +
  "click_id bound to its campaign_id is the credential, so anyone holding a click id (it is in the ad's landing URL) can " +
  "report a conversion for it. Once it has an active key, every postback for its campaigns must carry one: E16 as the " +
  "postback_key query parameter, E17 as the X-Postback-Key header or that parameter (401 postback_key_required without " +
  "it, 401 invalid_postback_key for a wrong or revoked one). Partner templates: docs/postbacks.md.";

export const postbackKeysDocs = {
  listPostbackKeys: {
    summary: "List postback keys",
    description: `Every key of the advertiser, newest first, revoked ones included (revoked_at set). Keys themselves are never shown again after creation. ${RULE}`,
    tags: ["Conversions"],
    returns: "The keys",
  },
  createPostbackKey: {
    summary: "Create a postback key",
    description:
      "Creates a key to give your attribution partners. The body is optional: `name` says which partner it is for " +
      "(trimmed, 1 to 100 characters; omitted or null: an unnamed key, renamable later). The key is in this response only: only its " +
      "SHA-256 is kept, and a retry with the same Idempotency-Key answers the same id and created_at with `key: null`. " +
      `At most ${MAX_ACTIVE_POSTBACK_KEYS} active keys per advertiser (409 conflict beyond; revoke one first). ${RULE}`,
    tags: ["Conversions"],
    requestBody: { required: false, content: json(createPostbackKeyInput) },
    returns: "Created; store the key now",
    errors: ["bad_request", "conflict", "validation_failed"],
  },
  renamePostbackKey: {
    summary: "Rename a postback key",
    description:
      "Sets the key's name (trimmed, 1 to 100 characters), or removes it with `name: null`. Active and revoked keys " +
      "alike; the key itself does not change. The same name again changes nothing. Another advertiser's key is 404.",
    tags: ["Conversions"],
    requestParams: { path: keyId },
    requestBody: { required: true, content: json(renamePostbackKeyInput.omit({ id: true })) },
    returns: "The key, renamed",
    errors: ["bad_request", "not_found", "validation_failed"],
  },
  revokePostbackKey: {
    summary: "Revoke a postback key",
    description:
      "Postbacks carrying the key are refused from now on (401 invalid_postback_key). Idempotent: revoking a revoked key " +
      "answers its listing unchanged. Once no active key is left, postbacks need no key again. Another advertiser's key " +
      "is 404.",
    tags: ["Conversions"],
    requestParams: { path: keyId },
    returns: "The key, revoked",
    errors: ["not_found"],
  },
} satisfies Record<string, OperationDoc>;
