import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import {
  CASE_KINDS,
  countByKind,
  deeplyNested,
  fuzzCases,
  fuzzOperations,
  malformedPathValues,
  oversizedBody,
  UNKNOWN_FIELD,
  UNKNOWN_VALUE,
  type FuzzCase,
  type JsonSchema,
  type OpenApiDocument,
} from "./fuzz-cases";

// A small document with one rule of each kind the generator knows.
const UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$";
const thing: JsonSchema = {
  type: "object",
  properties: {
    name: { type: "string", minLength: 1, maxLength: 5 },
    count: { type: "integer", minimum: 1, maximum: 10 },
    price: { type: "number", exclusiveMinimum: 0, maximum: 100 },
    day: { type: "string", format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$", example: "2030-01-02" },
    color: { type: "string", enum: ["red", "blue"] },
    tags: { type: "array", minItems: 1, maxItems: 3, items: { type: "string", maxLength: 4 } },
    note: { anyOf: [{ type: "string", maxLength: 3 }, { type: "null" }] },
    inner: { $ref: "#/components/schemas/Inner" },
  },
  required: ["name", "count", "tags", "inner"],
  additionalProperties: false,
};
const doc: OpenApiDocument = {
  paths: {
    "/things": {
      post: {
        security: [{ oauth2: ["things:write"] }],
        parameters: [
          { in: "query", name: "dry_run", schema: { type: "string", enum: ["true", "false"] } },
          { in: "query", name: "page", required: true, schema: { type: "integer", minimum: 1, maximum: 50 } },
          { in: "query", name: "q", schema: { type: "string", maxLength: 20 } },
          {
            in: "header",
            name: "idempotency-key",
            schema: { type: "string", minLength: 1, maxLength: 8, pattern: "^[\\x21-\\x7E]+$" },
          },
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
        },
        "x-body-limit-bytes": 1024,
      },
      get: { security: [] },
    },
    "/token": {
      post: {
        security: [],
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                properties: { grant_type: { type: "string", const: "client_credentials" }, scope: { type: "string" } },
                required: ["grant_type"],
              },
            },
          },
        },
        "x-body-limit-bytes": 256,
      },
    },
    // path parameters: an id with an example, a UUID with a pattern, an enum (next-auth's actions)
    "/things/{id}/parts/{part_id}": {
      delete: {
        security: [{ oauth2: ["things:write"] }],
        parameters: [
          { in: "path", name: "part_id", required: true, schema: { type: "string" } },
          { in: "path", name: "id", required: true, schema: { type: "string", example: "thg_8fJ2nQ4xLbW9cT1mV6pR3z" } },
        ],
      },
    },
    "/hooks/{id}": {
      get: {
        security: [{ oauth2: [] }],
        parameters: [
          {
            in: "path",
            name: "id",
            required: true,
            schema: { type: "string", format: "uuid", pattern: UUID_PATTERN },
          },
        ],
      },
    },
    "/session/{action}": {
      post: {
        security: [],
        parameters: [
          {
            in: "path",
            name: "action",
            required: true,
            schema: { type: "string", enum: ["csrf", "signin/credentials"] },
          },
        ],
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: { type: "object", properties: { csrfToken: { type: "string" } } },
            },
            "application/json": { schema: { type: "object", properties: { csrfToken: { type: "string" } } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: thing,
      Inner: {
        type: "object",
        properties: { flag: { type: "boolean" }, level: { type: "integer", minimum: 0 } },
        required: ["flag"],
        additionalProperties: false,
      },
    },
  },
};

const [getThings, postThings, postToken, deletePart, getHook, postSession] = fuzzOperations(doc);
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validateBody = (value: unknown) =>
  ajv.validate({ $ref: "#/components/schemas/Thing", components: doc.components }, value);

describe("fuzzOperations", () => {
  it("reads every operation with its auth, parameters, body and limit, refs resolved", () => {
    expect(postThings).toMatchObject({
      method: "POST",
      path: "/things",
      auth: { kind: "token", scopes: ["things:write"] },
      body: { contentType: "application/json", required: true, limit: 1024 },
    });
    expect(postThings!.query.map((param) => [param.name, param.required])).toEqual([
      ["dry_run", false],
      ["page", true],
      ["q", false],
    ]);
    expect(postThings!.headers.map((param) => param.name)).toEqual(["idempotency-key"]);
    expect(JSON.stringify(postThings!.body!.schema)).not.toContain("$ref");
    expect(getThings).toMatchObject({ method: "GET", auth: { kind: "none" }, query: [], body: undefined });
    expect(postToken!.body!.contentType).toBe("application/x-www-form-urlencoded");
    expect(postSession!.body!.contentTypes).toEqual(["application/x-www-form-urlencoded", "application/json"]);
  });

  it("collects path parameters with their schemas, in the template's order", () => {
    expect(postThings!.pathParams).toEqual([]);
    expect(deletePart!.pathParams).toEqual([
      { name: "id", schema: { type: "string", example: "thg_8fJ2nQ4xLbW9cT1mV6pR3z" } },
      { name: "part_id", schema: { type: "string" } },
    ]);
    expect(getHook!.pathParams[0]!.schema).toMatchObject({ format: "uuid" });
    expect(postSession!.pathParams[0]!.schema.enum).toEqual(["csrf", "signin/credentials"]);
  });
});

describe("fuzzCases", () => {
  const bases = { body: { name: "ab", count: 2, tags: ["t"], inner: { flag: true } }, query: { page: "1" } };
  const cases = fuzzCases(postThings!, { seed: 7, bases });
  const tokenCases = fuzzCases(postToken!, { seed: 7 });
  const jsonCases = cases.filter((c) => c.body?.type === "json");

  it("produces every kind of bad case for the sample schema", () => {
    const pathCases = [deletePart!, getHook!, postSession!].flatMap((op) => fuzzCases(op, { seed: 7 }));
    const counts = countByKind([...cases, ...tokenCases, ...pathCases]);
    for (const kind of CASE_KINDS) expect(counts[kind], kind).toBeGreaterThan(0);
  });

  it("starts from a valid base, and every JSON body it builds breaks the schema", () => {
    expect(validateBody(bases.body)).toBe(true);
    // the query and header cases keep the valid body: what they break is elsewhere
    for (const item of jsonCases) {
      const bodyCase = item.target.startsWith("body");
      expect(validateBody((item.body as { value: unknown }).value), `${item.kind} ${item.target}`).toBe(!bodyCase);
    }
  });

  it("breaks each rule where it is, one at a time", () => {
    const find = (kind: string, target: string) => cases.filter((c) => c.kind === kind && c.target === target);
    const body = (item: FuzzCase | undefined) => (item?.body as { value: Record<string, unknown> }).value;
    expect(body(find("missing_required", "body/name")[0])).not.toHaveProperty("name");
    expect(body(find("missing_required", "body/inner/flag")[0])!.inner).toEqual({});
    expect(body(find("too_long", "body/name")[0])!.name).toBe("ffffff");
    expect(body(find("too_short", "body/name")[0])!.name).toBe("");
    expect(find("below_minimum", "body/count").map((c) => body(c).count)).toEqual([0]);
    expect(find("above_maximum", "body/count").map((c) => body(c).count)).toEqual([11]);
    expect(find("below_minimum", "body/price").map((c) => body(c).price)).toEqual([0]);
    expect(find("not_integer", "body/count").map((c) => body(c).count)).toEqual([1.5]);
    expect(body(find("too_few_items", "body/tags")[0])!.tags).toEqual([]);
    expect(body(find("too_many_items", "body/tags")[0])!.tags).toHaveLength(4);
    expect(body(find("too_long", "body/tags/0")[0])!.tags).toEqual(["fffff"]);
    expect(body(find("unknown_enum", "body/color")[0])!.color).toBe("zz_fuzz_unknown");
    expect(body(find("pattern_mismatch", "body/day")[0])!.day).toBe("~ fuzz ~");
    expect(body(find("nul_in_text", "body/name")[0])!.name).toBe("fuzz\0text");
    expect(body(find("nul_in_text", "body/tags/0")[0])!.tags).toEqual(["fuzz\0text"]);
    expect(find("nul_in_text", "body/color")).toEqual([]); // an enum's unknown value covers it
    expect(body(find("unknown_property", `body/${UNKNOWN_FIELD}`)[0])).toHaveProperty(UNKNOWN_FIELD, 1);
    expect(body(find("unknown_property", `body/inner/${UNKNOWN_FIELD}`)[0])!.inner).toHaveProperty(UNKNOWN_FIELD);
    expect(body(find("null_value", "body/inner")[0])!.inner).toBeNull();
    expect(find("null_value", "body/note")).toEqual([]); // null is allowed there
    expect(body(find("too_long", "body/note")[0])!.note).toBe("ffff");
    expect(Array.isArray(body(find("array_for_object", "body/inner")[0])!.inner)).toBe(true);
    expect(find("wrong_type", "body/count").map((c) => typeof body(c).count)).not.toContain("number");
    const roots = cases.filter((c) => c.kind === "not_an_object").map((c) => (c.body as { value: unknown }).value);
    expect(roots).toEqual(["text", 42, true, [], [bases.body]]);
  });

  it("breaks query parameters and headers, and repeats every query key", () => {
    const query = (kind: string, target: string) => cases.find((c) => c.kind === kind && c.target === target)?.query;
    expect(query("missing_required", "query:page")).toEqual([]);
    expect(query("below_minimum", "query:page")).toEqual([["page", "0"]]);
    expect(query("above_maximum", "query:page")).toEqual([["page", "51"]]);
    expect(query("not_integer", "query:page")).toEqual([["page", "1.5"]]);
    expect(query("wrong_type", "query:page")).toEqual([["page", "zz_fuzz_unknown"]]);
    expect(query("unknown_enum", "query:dry_run")).toEqual([
      ["page", "1"],
      ["dry_run", "zz_fuzz_unknown"],
    ]);
    expect(query("repeated_key", "query:page")).toEqual([
      ["page", "1"],
      ["page", "1"],
    ]);
    expect(query("repeated_key", "query:dry_run")).toEqual([
      ["page", "1"],
      ["dry_run", "true"],
      ["dry_run", "true"],
    ]);
    const header = (kind: string) =>
      cases.find((c) => c.kind === kind && c.target === "header:idempotency-key")?.headers["idempotency-key"];
    expect(header("too_long")).toBe("fffffffff");
    expect(header("too_short")).toBe("");
    expect(header("pattern_mismatch")).toBe("~ fuzz ~");
    // a NUL in a query value; none in a header (HTTP cannot carry it)
    expect(query("nul_in_text", "query:q")).toEqual([
      ["page", "1"],
      ["q", "fuzz\0text"],
    ]);
    expect(header("nul_in_text")).toBeUndefined();
  });

  it("sends arrays nested as deep as the body's limit allows, a NUL at the bottom", () => {
    const deep = cases.filter((c) => c.kind === "deep_nesting").map((c) => c.body as { text: string });
    expect(deep).toHaveLength(1);
    expect(Buffer.byteLength(deep[0]!.text)).toBeLessThanOrEqual(1024);
    expect(deep[0]!.text).toMatch(/^\[{500,}"\\u0000"\]{500,}$/);
    expect(() => JSON.parse(deep[0]!.text)).not.toThrow();
    expect(deeplyNested().length).toBeLessThanOrEqual(60_000);
  });

  it("sends malformed, mistyped and oversized bodies, past the documented limit", () => {
    const raw = cases.filter((c) => c.body?.type === "raw").map((c) => c.body);
    expect(raw).toContainEqual({ type: "raw", text: '{"', contentType: "application/json" });
    expect(raw).toContainEqual({ type: "raw", text: "", contentType: "application/json" });
    expect(raw).toContainEqual(expect.objectContaining({ contentType: "text/plain" }));
    expect(cases.filter((c) => c.kind === "oversized_body").map((c) => c.body)).toEqual([
      { type: "oversized", bytes: 1025, chunked: false },
      { type: "oversized", bytes: 1025, chunked: true },
      { type: "oversized", bytes: 1024 * 1024, chunked: true },
    ]);
    expect(Buffer.byteLength(oversizedBody(1025))).toBe(1025);
    expect(() => JSON.parse(oversizedBody(1025))).not.toThrow();
    expect(new URLSearchParams(oversizedBody(257, true)).get("grant_type")).toBe("client_credentials");
  });

  it("breaks form fields as text: missing, unknown constant, repeated", () => {
    const form = (kind: string) =>
      tokenCases.find((c) => c.kind === kind && c.target === "body/grant_type")?.body as { pairs: string[][] };
    expect(form("missing_required").pairs).toEqual([]);
    expect(form("unknown_enum").pairs).toEqual([["grant_type", "zz_fuzz_unknown"]]);
    expect(form("repeated_key").pairs).toEqual([
      ["grant_type", "client_credentials"],
      ["grant_type", "client_credentials"],
    ]);
  });

  it("sends a form that the operation also takes as JSON under a type it does not take", () => {
    const wrong = fuzzCases(postSession!, { seed: 7 }).filter((c) => c.kind === "wrong_content_type");
    expect(wrong.map((c) => (c.body as { contentType: string }).contentType)).toEqual(["text/plain"]);
    expect(tokenCases.filter((c) => c.kind === "wrong_content_type").map((c) => c.body)).toEqual([
      { type: "raw", text: JSON.stringify({ grant_type: "client_credentials" }), contentType: "application/json" },
    ]);
  });

  it("is deterministic: the same seed gives the same list", () => {
    expect(fuzzCases(postThings!, { seed: 7, bases })).toEqual(cases);
    expect(fuzzCases(postThings!, { seed: 7, bases }).length).toBe(cases.length);
    expect(fuzzCases(deletePart!, { seed: 7 })).toEqual(fuzzCases(deletePart!, { seed: 7 }));
    expect(fuzzCases(getHook!, { seed: 7 })).toEqual(fuzzCases(getHook!, { seed: 7 }));
  });
});

describe("path cases", () => {
  const live = { id: "thg_LIVEliveLIVEliveLIVE12", part_id: "prt_0123456789" };
  const partCases = fuzzCases(deletePart!, { seed: 7, bases: { path: live } });
  const hookCases = fuzzCases(getHook!, { seed: 7 });
  const sessionCases = fuzzCases(postSession!, { seed: 7 });
  const on = (list: FuzzCase[], kind: string, target: string) =>
    list.filter((c) => c.kind === kind && c.target === target);

  it("breaks each path parameter with an unknown id and every malformed value, the others kept live", () => {
    for (const name of ["id", "part_id"]) {
      const other = name === "id" ? "part_id" : "id";
      expect(on(partCases, "unknown_id", `path:${name}`)).toHaveLength(1);
      const malformed = on(partCases, "malformed_path", `path:${name}`);
      expect(malformed.map((c) => c.path[name])).toEqual(malformedPathValues(live[name as keyof typeof live]));
      for (const item of [...malformed, ...on(partCases, "unknown_id", `path:${name}`)])
        expect(item.path[other]).toBe(live[other as keyof typeof live]);
    }
    // nothing but path cases here (no query, header or body to break), all with the base query and headers
    expect(partCases.every((c) => c.target.startsWith("path:") && c.query.length === 0 && !c.body)).toBe(true);
  });

  it("makes the unknown id look like the live one: its type prefix, its length, base62", () => {
    const id = on(partCases, "unknown_id", "path:id")[0]!.path.id!;
    expect(id).toMatch(/^thg_[0-9A-Za-z]{22}$/);
    expect(id).not.toBe(live.id);
    expect(on(partCases, "unknown_id", "path:part_id")[0]!.path.part_id).toMatch(/^prt_[0-9A-Za-z]{10}$/);
    // without a live value, the schema's example gives the shape; without one either, a random token
    const fromExample = fuzzCases(deletePart!, { seed: 7 });
    expect(on(fromExample, "unknown_id", "path:id")[0]!.path.id).toMatch(/^thg_[0-9A-Za-z]{22}$/);
    expect(on(fromExample, "unknown_id", "path:part_id")[0]!.path.part_id).toMatch(/^[0-9A-Za-z]{22}$/);
  });

  it("gives a UUID parameter a random UUID its pattern accepts", () => {
    const [unknown] = on(hookCases, "unknown_id", "path:id");
    expect(unknown!.path.id).toMatch(new RegExp(UUID_PATTERN));
    // the base is the format's sample UUID, which the malformed values start from
    const base = "0b7c2c1e-3f5e-4a8e-9a61-7d0f6a3c2b10";
    expect(unknown!.path.id).not.toBe(base);
    expect(on(hookCases, "malformed_path", "path:id").map((c) => c.path.id)).toEqual(malformedPathValues(base));
  });

  it("gives an enum parameter a value outside the enum, and no unknown id", () => {
    expect(on(sessionCases, "unknown_enum", "path:action").map((c) => c.path.action)).toEqual([UNKNOWN_VALUE]);
    expect(on(sessionCases, "unknown_id", "path:action")).toEqual([]);
    // the other cases go to a valid action (the example, else the first value), encoded as one segment
    expect(sessionCases.filter((c) => !c.target.startsWith("path:")).map((c) => c.path.action)).toContain("csrf");
  });

  it("sends malformed values as one encoded segment: long, non-ASCII, slash, traversal, blank, undecodable", () => {
    const values = malformedPathValues("cmp_8fJ2nQ4xLbW9cT1mV6pR3z");
    expect(values[0]).toHaveLength(300);
    expect(values[0]).toMatch(/^cmp_f+$/);
    expect(decodeURIComponent(values[1]!)).toMatch(/[^\x00-\x7f]/);
    expect(values[2]).toBe(`cmp_8fJ2nQ4xLbW9cT1mV6pR3z%2F${UNKNOWN_VALUE}`);
    expect(
      values.filter((value) => decodeURIComponent(value.replace(/%(FF|ZZ|00)$/, "")).includes("../")),
    ).toHaveLength(2);
    expect(values).toContain("%20");
    expect(values.filter((value) => /%FF$|%ZZ$/.test(value))).toHaveLength(2);
    expect(values).toContain("cmp_8fJ2nQ4xLbW9cT1mV6pR3z%00");
    for (const value of values) {
      // never a raw slash or a bare dot segment: the value stays in its own segment of the path
      expect(value).toMatch(/^[0-9A-Za-z%._~-]+$/);
      expect([".", ".."]).not.toContain(value);
    }
    const tooLong = on(sessionCases, "malformed_path", "path:action")[0]!.path.action!;
    expect(tooLong).toBe("f".repeat(300));
  });

  it("comes after every other case, leaving them as an operation without path parameters has them", () => {
    const withoutPath = { ...deletePart!, pathParams: [] };
    expect(fuzzCases(withoutPath, { seed: 7 })).toEqual([]);
    const session = fuzzCases(postSession!, { seed: 7 });
    const firstPath = session.findIndex((c) => c.target.startsWith("path:"));
    expect(session.slice(firstPath).every((c) => c.target.startsWith("path:"))).toBe(true);
    const bare = fuzzCases({ ...postSession!, pathParams: [] }, { seed: 7 });
    expect(session.slice(0, firstPath).map(({ path: _path, ...rest }) => rest)).toEqual(
      bare.map(({ path: _path, ...rest }) => rest),
    );
  });

  it("depends on the seed only for the unknown ids' characters", () => {
    const other = fuzzCases(deletePart!, { seed: 8, bases: { path: live } });
    expect(other.map((c) => c.kind)).toEqual(partCases.map((c) => c.kind));
    expect(on(other, "unknown_id", "path:id")[0]!.path.id).not.toBe(on(partCases, "unknown_id", "path:id")[0]!.path.id);
    expect(on(other, "malformed_path", "path:id")).toEqual(on(partCases, "malformed_path", "path:id"));
  });
});
