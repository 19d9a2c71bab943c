// Reading a web Request's body (Next route handlers) with a byte limit. The
// stream is read chunk by chunk with a counter and left, not cancelled, once the
// limit is passed: under Next, cancelling the body destroys the socket before
// the 413 could be written; the custom server drains or closes what is left
// after the answer (lib/server/drain-unread-body.ts).
import { AppError } from "@/lib/errors";
import { declaredLength, payloadTooLarge } from "./body-limits";
import { parseJsonBody } from "./nul";

/**
 * The one JSON body reader (Next's route handlers and the hot router alike): 400 bad_request
 * unless the type is application/json (or +json), when the body is empty, or when it does not
 * parse; U+0000 refused (./nul.ts). `readText` reads the body within its limit (413 past it).
 */
export async function readJsonBody(
  contentType: string | null | undefined,
  readText: () => Promise<string>,
): Promise<unknown> {
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType ?? "")) {
    throw new AppError("bad_request", { detail: "Content-Type must be application/json." });
  }
  const text = await readText();
  if (!text.trim()) throw new AppError("bad_request", { detail: "The request body is empty." });
  return parseJsonBody(text);
}

/** The body as text (UTF-8), at most `limit` bytes; 413 payload_too_large past it. */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = declaredLength(request.headers.get("content-length"));
  if (declared !== null && declared > limit) throw payloadTooLarge(limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw payloadTooLarge(limit);
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
  return text + decoder.decode();
}
