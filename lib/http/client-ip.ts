// The caller's address. server.ts overwrites x-sma-client-ip with the socket's
// address (or, with TRUST_PROXY=N, the X-Forwarded-For entry N hops from the
// right: the one the nearest trusted proxy saw) before Next sees the request, so
// a client cannot choose its own rate-limit bucket (docs/decisions/0905).
// IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`, what a dual-stack socket reports
// for an IPv4 client) are stamped as the IPv4 address they carry, and per-address
// limits count an IPv6 client by its /64 (addressBucket): one subscriber is
// usually given a whole /64 and can rotate through it freely.
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

export const CLIENT_IP_HEADER = "x-sma-client-ip";

export function clientIp(request: Request): string {
  return clientIpOf(request.headers);
}

/** The same from headers alone: a server action has no Request, only next/headers' `headers()`. */
export function clientIpOf(headers: Pick<Headers, "get">): string {
  return headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/**
 * One spelling per address: an IPv4-mapped IPv6 address is the IPv4 address it
 * carries, IPv6 is in its compact form (RFC 5952: `2001:DB8::0001` is `2001:db8::1`).
 * Anything that is not an IP address is returned as given.
 */
export function normalizeAddress(address: string): string {
  return parsedAddress(address)?.toString() ?? address;
}

/**
 * The bucket a per-address rate limit counts `address` in: an IPv4 address is
 * its own bucket; an IPv6 address counts as its /64 (`2001:db8:1:2::/64`), the
 * smallest network a subscriber is given, so rotating addresses inside it buys
 * nothing. IPv4-mapped addresses count as their IPv4 address. Anything that is
 * not an IP address (`unknown`) is its own bucket.
 */
export function addressBucket(address: string): string {
  const parsed = parsedAddress(address);
  if (!parsed) return address;
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

/** The address parsed, IPv4-mapped as IPv4; null for what is not an IP address (never a throw: it is the client's text). */
function parsedAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (isIP(address) === 0) return null;
  try {
    return ipaddr.process(address);
  } catch {
    return null;
  }
}

/**
 * The client address of a request that came through `trustedHops` proxies. Each
 * proxy appends the address it received the request from, so the entries a
 * client writes are on the left and only the last `trustedHops` are trustworthy:
 * the entry `trustedHops` from the right is the client as the outermost trusted
 * proxy saw it. Anything else (no trusted hops, too few entries, not an IP
 * address) is the socket's address. Either is normalized (normalizeAddress).
 */
export function clientAddressOf(
  forwardedFor: string | readonly string[] | undefined,
  socketAddress: string | undefined,
  trustedHops: number,
): string {
  const socket = normalizeAddress(socketAddress ?? "unknown");
  if (trustedHops < 1 || forwardedFor === undefined) return socket;
  const entries = (typeof forwardedFor === "string" ? [forwardedFor] : forwardedFor)
    .flatMap((header) => header.split(","))
    .map((entry) => entry.trim());
  const candidate = entries[entries.length - trustedHops];
  return candidate !== undefined && isIP(candidate) !== 0 ? normalizeAddress(candidate) : socket;
}
