import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./addresses";

describe("isPublicAddress", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "2606:4700:4700::1111",
    "2a00:1450:4001:81b::200e",
    "2001:4860:4860::8888",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
  ])("allows public %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["::1", "IPv6 loopback"],
    ["10.0.0.5", "private"],
    ["172.16.3.4", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "cloud metadata (link-local)"],
    ["fe80::1", "IPv6 link-local"],
    ["fd00:ec2::254", "IPv6 unique-local (AWS metadata)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["::", "IPv6 unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:10.1.2.3", "IPv4-mapped private"],
    ["::ffff:a01:203", "IPv4-mapped private, in hex"],
    // outside 2000::/3: not global unicast, whatever ipaddr.js calls it
    ["::127.0.0.1", "IPv4-compatible loopback (::/96)"],
    ["::7f00:1", "IPv4-compatible loopback, in hex"],
    ["::8.8.8.8", "IPv4-compatible (::/96), even of a public IPv4"],
    ["::a00:1", "IPv4-compatible private"],
    ["::ffff:0:8.8.8.8", "IPv4-translated (RFC 6145)"],
    ["64:ff9b::808:808", "NAT64 (RFC 6052)"],
    ["100::1", "discard-only (RFC 6666)"],
    ["4000::1", "unassigned, outside 2000::/3"],
    ["fe80::1%eth0", "IPv6 link-local with a zone"],
    // special ranges inside 2000::/3
    ["2001:db8::1", "IPv6 documentation"],
    ["2002:a00:1::1", "6to4 carrying 10.0.0.1"],
    ["2002:808:808::1", "6to4 (any: its IPv4 is not checked)"],
    ["2001::1", "Teredo"],
    ["2001:2::1", "benchmarking"],
    ["2001:20::1", "ORCHIDv2"],
    ["3fff::1", "IPv6 documentation (RFC 9637)"],
    ["2620:4f:8000::1", "AS112"],
    ["not-an-ip", "garbage"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
