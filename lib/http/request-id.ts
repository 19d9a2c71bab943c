import { randomBase62 } from "@/lib/ids";

export const REQUEST_ID_HEADER = "x-request-id";

/** The request id set by server.ts (or a caller), if it is one we can safely echo; else a new one. */
export function requestIdFrom(headers: Headers | { get(name: string): string | null }): string {
  const incoming = headers.get(REQUEST_ID_HEADER);
  return incoming && /^[A-Za-z0-9._:-]{8,128}$/.test(incoming) ? incoming : newRequestId();
}

export function newRequestId(): string {
  return `req_${randomBase62(20)}`;
}
