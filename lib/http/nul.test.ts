import { describe, expect, it } from "vitest";
import { AppError, NUL_MESSAGE } from "@/lib/errors";
import { nulPath, parseJsonBody, refuseNul, refuseNulInPath } from "./nul";

/** The AppError `run` throws; the test fails if it returns or throws anything else. */
function thrownBy(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("did not throw");
}

describe("U+0000 in inputs", () => {
  it("finds the first key or string holding NUL, as field errors write paths", () => {
    expect(nulPath("a\0")).toBe("");
    expect(nulPath({ name: "ok", creatives: [{ headline: "ok" }, { headline: "x\0y" }] })).toBe(
      "creatives[1].headline",
    );
    expect(nulPath({ "ke\0y": 1 })).toBe("ke\0y");
    expect(nulPath({ a: [1, null, true, { b: "fine" }] })).toBeUndefined();
    expect(nulPath("\\u0000 is text here")).toBeUndefined();
  });

  it("walks any depth a body can reach without the call stack (a 64 KiB body nests 30,000 deep)", () => {
    const depth = 30_000;
    const text = `${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`;
    const error = thrownBy(() => parseJsonBody(text));
    expect(error.code).toBe("validation_failed");
    // the path is cut: a deep body does not make a larger answer
    expect(error.fieldErrors![0]!.path).toBe(`${"[0]".repeat(depth).slice(0, 200)}…`);
    expect(nulPath(JSON.parse(`${"[".repeat(depth)}1${"]".repeat(depth)}`))).toBeUndefined();
  });

  it("refuses it with validation_failed naming the field", () => {
    const error = thrownBy(() => refuseNul({ webhook: { url: "https://x.test/\0" } }));
    expect(error.code).toBe("validation_failed");
    expect(error.fieldErrors).toEqual([{ path: "webhook.url", message: NUL_MESSAGE }]);
    expect(() => refuseNul({ url: "https://x.test/" })).not.toThrow();
  });

  it("parses JSON bodies: 400 when not JSON, 422 for an escaped NUL, an escaped backslash before u0000 is text", () => {
    expect(thrownBy(() => parseJsonBody("{")).code).toBe("bad_request");
    const refused = thrownBy(() => parseJsonBody('{"name":"a\\u0000b"}'));
    expect(refused.code).toBe("validation_failed");
    expect(refused.fieldErrors).toEqual([{ path: "name", message: NUL_MESSAGE }]);
    expect(parseJsonBody('{"name":"a\\\\u0000b"}')).toEqual({ name: "a\\u0000b" });
    expect(parseJsonBody('{"name":"a"}')).toEqual({ name: "a" });
  });

  it("refuses a path segment holding NUL with bad_request", () => {
    expect(thrownBy(() => refuseNulInPath({ id: "cmp_\0" })).code).toBe("bad_request");
    expect(() => refuseNulInPath({ id: "cmp_1", delivery_id: "wdl_2" })).not.toThrow();
  });
});
