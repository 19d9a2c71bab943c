// Reading a web Request's body (Next route handlers) with a byte limit. The
// stream is read chunk by chunk with a counter and left, not cancelled, once the
// limit is passed: under Next, cancelling the body destroys the socket before
// the 413 could be written; the custom server drains or closes what is left
// after the answer (lib/server/drain-unread-body.ts).
import { declaredLength, payloadTooLarge } from "./body-limits";

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
