// The keep-alive agents of the outbound guard, one per vetted destination: at
// most MAX_AGENTS, the least recently used dropped first, and never destroyed
// while its requests may be under way. Agents connect lazily: no server needed.
import { describe, expect, it, vi } from "vitest";
import { keepAliveAgent, MAX_AGENTS, type Target } from "./guarded-request";

const target = (port: number): Target => ({
  url: new URL(`https://hooks.example.com:${port}/`),
  address: { address: "93.184.216.34", family: 4 },
});

describe("keepAliveAgent", () => {
  it("keeps the recently used agents and drops the least recently used one without destroying it", () => {
    const first = keepAliveAgent(target(1));
    const second = keepAliveAgent(target(2));
    const destroyed = vi.spyOn(second, "destroy");
    for (let port = 3; port <= MAX_AGENTS; port++) keepAliveAgent(target(port));
    // the first is used again: the second is now the least recently used
    expect(keepAliveAgent(target(1))).toBe(first);
    keepAliveAgent(target(MAX_AGENTS + 1));
    expect(keepAliveAgent(target(1))).toBe(first);
    expect(destroyed).not.toHaveBeenCalled();
    expect(keepAliveAgent(target(2))).not.toBe(second);
    destroyed.mockRestore();
  });
});
