// A console.error the test did not expect fails it (a stray error is a bug the
// assertions missed). A test that expects one calls expectConsoleError() first.
import { afterEach, beforeEach, vi } from "vitest";

let expected = 0;
let seen: unknown[][] = [];

export function expectConsoleError(count = 1): void {
  expected += count;
}

export function installConsoleErrorGuard(): void {
  beforeEach(() => {
    expected = 0;
    seen = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      seen.push(args);
    });
  });
  afterEach(() => {
    vi.mocked(console.error).mockRestore();
    if (seen.length > expected) {
      throw new Error(`unexpected console.error:\n${seen.map((args) => args.map(String).join(" ")).join("\n")}`);
    }
  });
}
