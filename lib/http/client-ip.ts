// The caller's address. server.ts overwrites x-sma-client-ip with the socket's
// address (or, with TRUST_PROXY=N, the X-Forwarded-For entry N hops from the
// right: the one the nearest trusted proxy saw) before Next sees the request, so
// a client cannot choose its own rate-limit bucket (docs/decisions/0905).
import { isIP } from "node:net";

export const CLIENT_IP_HEADER = "x-sma-client-ip";

export function clientIp(request: Request): string {
  return clientIpOf(request.headers);
}

/** The same from headers alone: a server action has no Request, only next/headers' `headers()`. */
export function clientIpOf(headers: Pick<Headers, "get">): string {
  return headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/**
 * The client address of a request that came through `trustedHops` proxies. Each
 * proxy appends the address it received the request from, so the entries a
 * client writes are on the left and only the last `trustedHops` are trustworthy:
 * the entry `trustedHops` from the right is the client as the outermost trusted
 * proxy saw it. Anything else (no trusted hops, too few entries, not an IP
 * address) is the socket's address.
 */
export function clientAddressOf(
  forwardedFor: string | readonly string[] | undefined,
  socketAddress: string | undefined,
  trustedHops: number,
): string {
  const socket = socketAddress ?? "unknown";
  if (trustedHops < 1 || forwardedFor === undefined) return socket;
  const entries = (typeof forwardedFor === "string" ? [forwardedFor] : forwardedFor)
    .flatMap((header) => header.split(","))
    .map((entry) => entry.trim());
  const candidate = entries[entries.length - trustedHops];
  return candidate !== undefined && isIP(candidate) !== 0 ? candidate : socket;
}
