// The postback's REST input (GET and POST of recordConversion, docs/decisions/0504): the
// advertiser's postback key as sent, the query parameter or the X-Postback-Key header, joined
// to the query string's fields or to the JSON body.
import { postbackInput, POSTBACK_KEY_QUERY, POSTBACK_QUERY } from "@/lib/domain/conversions/conversions.schemas";
import {
  POSTBACK_KEY_HEADER,
  POSTBACK_KEY_PARAMETER,
  presentedPostbackKey,
} from "@/lib/domain/postback-keys/postback-keys.schemas";
import { parseInput } from "@/lib/errors";
import { queryObject } from "./query";

/**
 * The key as sent, as the operation's postback_key: the query parameter (refused when
 * repeated) or the header, blank ones absent, both given only if equal (422 otherwise).
 */
function presentedKey(request: Request, url: URL): { postback_key?: string } {
  const header = request.headers.get(POSTBACK_KEY_HEADER)?.trim();
  const key = parseInput(presentedPostbackKey, {
    ...queryObject(url, POSTBACK_KEY_QUERY),
    ...(header ? { [POSTBACK_KEY_HEADER]: header } : {}),
  });
  return key === null ? {} : { [POSTBACK_KEY_PARAMETER]: key };
}

/** GET: the query string's fields and the key. */
export function postbackQueryInput({ request, url }: { request: Request; url: URL }): unknown {
  return { ...queryObject(url, POSTBACK_QUERY), ...presentedKey(request, url) };
}

/** POST: the JSON body and the key, which never travels in the body. */
export async function postbackBodyInput({
  request,
  url,
  body,
}: {
  request: Request;
  url: URL;
  body(): Promise<unknown>;
}): Promise<unknown> {
  const fields = await body();
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return fields;
  // a body naming the key is refused as any unknown field of recordConversion's body
  if (Object.hasOwn(fields, POSTBACK_KEY_PARAMETER)) parseInput(postbackInput, fields);
  return { ...fields, ...presentedKey(request, url) };
}
