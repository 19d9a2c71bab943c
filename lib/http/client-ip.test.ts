import { describe, expect, it } from "vitest";
import { addressBucket, CLIENT_IP_HEADER, clientAddressOf, clientIp, clientIpOf, normalizeAddress } from "./client-ip";

const SOCKET = "10.0.0.9";

describe("clientAddressOf", () => {
  it("is the socket address unless proxies are trusted", () => {
    expect(clientAddressOf("203.0.113.7", SOCKET, 0)).toBe(SOCKET);
    expect(clientAddressOf(undefined, SOCKET, 1)).toBe(SOCKET);
    expect(clientAddressOf(undefined, undefined, 0)).toBe("unknown");
  });

  it("takes the rightmost entry behind one proxy: a client-written entry on the left never chooses the bucket", () => {
    // the client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the address it saw
    expect(clientAddressOf("1.2.3.4, 203.0.113.7", SOCKET, 1)).toBe("203.0.113.7");
    expect(clientAddressOf("203.0.113.7", SOCKET, 1)).toBe("203.0.113.7");
    expect(clientAddressOf(["1.2.3.4", "203.0.113.7"], SOCKET, 1)).toBe("203.0.113.7");
  });

  it("takes the entry N hops from the right behind N proxies", () => {
    expect(clientAddressOf("1.2.3.4, 203.0.113.7, 10.1.1.1", SOCKET, 2)).toBe("203.0.113.7");
    expect(clientAddressOf("2001:db8::1,10.1.1.1", SOCKET, 2)).toBe("2001:db8::1");
  });

  it("falls back to the socket address when there are fewer entries than hops or the entry is not an IP address", () => {
    expect(clientAddressOf("203.0.113.7", SOCKET, 2)).toBe(SOCKET);
    expect(clientAddressOf("1.2.3.4, not-an-ip", SOCKET, 1)).toBe(SOCKET);
    expect(clientAddressOf("1.2.3.4, ", SOCKET, 1)).toBe(SOCKET);
    expect(clientAddressOf("203.0.113.7:4711", SOCKET, 1)).toBe(SOCKET);
  });
});

describe("normalizeAddress", () => {
  it("spells an IPv4-mapped IPv6 address as its IPv4 address, IPv6 compactly, and leaves what is no address", () => {
    expect(normalizeAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(normalizeAddress("::FFFF:CB00:7107")).toBe("203.0.113.7");
    expect(normalizeAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(normalizeAddress("2001:DB8:0:0:0:0:0:0001")).toBe("2001:db8::1");
    expect(normalizeAddress("unknown")).toBe("unknown");
    expect(normalizeAddress("203.0.113.7:4711")).toBe("203.0.113.7:4711");
  });

  it("is applied to the address clientAddressOf picks, socket or forwarded", () => {
    expect(clientAddressOf(undefined, "::ffff:10.0.0.9", 0)).toBe("10.0.0.9");
    expect(clientAddressOf("1.2.3.4, ::ffff:203.0.113.7", SOCKET, 1)).toBe("203.0.113.7");
    expect(clientAddressOf("2001:0DB8::0001", SOCKET, 1)).toBe("2001:db8::1");
  });
});

describe("addressBucket", () => {
  it("puts two addresses of one IPv6 /64 in one bucket, and two /64s in two", () => {
    const bucket = addressBucket("2001:db8:1:2::1");
    expect(bucket).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2:ffff:ffff:ffff:fffe")).toBe(bucket);
    expect(addressBucket("2001:0db8:0001:0002:0:0:0:9")).toBe(bucket);
    expect(addressBucket("2001:db8:1:3::1")).not.toBe(bucket);
    expect(addressBucket("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });

  it("keeps an IPv4 address its own bucket, and counts an IPv4-mapped address as that IPv4 address", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("203.0.113.8")).toBe("203.0.113.8");
    expect(addressBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("leaves what is no IP address as its own bucket (never throws: it may be the client's text)", () => {
    expect(addressBucket("unknown")).toBe("unknown");
    expect(addressBucket("2001:db8::/64")).toBe("2001:db8::/64");
    expect(addressBucket("fe80::1%eth0")).toBe("fe80::/64");
  });
});

describe("clientIp and clientIpOf", () => {
  it("read the address server.ts stamped, from a request or from headers alone (a server action's)", () => {
    const headers = new Headers({ [CLIENT_IP_HEADER]: "203.0.113.7" });
    expect(clientIp(new Request("http://localhost/x", { headers }))).toBe("203.0.113.7");
    expect(clientIpOf(headers)).toBe("203.0.113.7");
    expect(clientIpOf(new Headers())).toBe("unknown");
  });
});
