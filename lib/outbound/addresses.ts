// Which IP addresses an outbound request may reach: public unicast only. Loopback,
// private, link-local (cloud metadata 169.254.169.254 included), unique-local,
// CGNAT, multicast, reserved and unspecified ranges are refused (ipaddr.js ranges).
import ipaddr from "ipaddr.js";

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === "unicast";
}

export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ""));
}
