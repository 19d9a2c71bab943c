// Which IP addresses an outbound request may reach: public unicast only
// (docs/decisions/0908, 0913). IPv4: ipaddr.js's "unicast" range, so loopback,
// private, link-local (cloud metadata 169.254.169.254 included), CGNAT,
// multicast, reserved and unspecified are refused. IPv6: global unicast only,
// 2000::/3 minus the special ranges ipaddr.js names inside it (documentation
// 2001:db8::/32, 6to4 2002::/16 and Teredo 2001::/32, which embed an IPv4
// address of any kind, benchmarking, ORCHID, AS112, ...); everything outside
// 2000::/3 is refused, IPv4-compatible ::/96 (`[::127.0.0.1]`) and NAT64
// 64:ff9b::/96 included. An IPv4-mapped address (::ffff:a.b.c.d) is judged as
// the IPv4 address it maps.
import ipaddr from "ipaddr.js";

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * The address in WHATWG's canonical IPv6 form, or null. ipaddr.js reads the
 * deprecated "::a.b.c.d" (IPv4-compatible, how inet_ntop prints ::/96) as
 * "::ffff:a.b.c.d" (IPv4-mapped), which would judge ::808:808 as 8.8.8.8; the URL
 * parser keeps them apart. A zone ("fe80::1%eth0", an interface of this host) is
 * not a host a URL can name: null.
 */
function canonicalV6(address: string): string | null {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.parse(address).range() === "unicast";
  if (!address.includes(":")) return false; // "127.1", "0x7f.1": not how an address is written to us
  const canonical = canonicalV6(address);
  if (canonical === null) return false;
  const v6 = ipaddr.IPv6.parse(canonical);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === "unicast";
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === "unicast";
}

export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ""));
}
