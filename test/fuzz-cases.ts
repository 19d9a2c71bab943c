// Bad inputs for every operation of an OpenAPI 3.1 document, for the live fuzz
// test (e2e/fuzz.spec.ts; docs/decisions/0920). Pure: a document (or one
// operation's schemas) in, a fixed list of cases out; the seed only picks which
// wrong JSON type a location gets and the characters of unknown ids, so the same
// seed gives the same list.
//
// Each case breaks one documented rule of a valid base request (missing required
// fields, values past each minimum, maximum and length, wrong types, null and
// arrays for objects, unknown enum values and fields, repeated query keys,
// malformed, mistyped and oversized bodies, unknown and malformed path
// parameters), so that the answer can only be a refusal: the runner sends each
// case and checks the answer is a 4xx.
import { createRng, type Rng } from "../lib/random";

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  example?: unknown;
  default?: unknown;
};

type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type OperationObject = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, string[]>[];
  "x-body-limit-bytes"?: number;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, unknown>>;
  security?: Record<string, string[]>[];
  components?: { schemas?: Record<string, JsonSchema> };
};

/** A text parameter: a query key, a header, or a field of a form-encoded body. */
export type TextParam = { name: string; required: boolean; schema: JsonSchema };

/** A path parameter (`{id}` in the path template): always required, always text. */
export type PathParam = { name: string; schema: JsonSchema };

/** One operation as the fuzz sees it, its schemas resolved ($ref replaced). */
export type FuzzOperation = {
  method: string;
  path: string;
  /** "token" with the scopes a token needs (none: any valid token), "platform" key, or "none" */
  auth: { kind: "none" } | { kind: "token"; scopes: string[] } | { kind: "platform" };
  /** the parameters of the path template, in template order */
  pathParams: PathParam[];
  query: TextParam[];
  headers: TextParam[];
  /** the first content type the document lists is the one cases are built for; `contentTypes` are all of them */
  body?: { contentType: string; contentTypes: string[]; schema: JsonSchema; required: boolean; limit?: number };
};

export const CASE_KINDS = [
  "missing_required",
  "below_minimum",
  "above_maximum",
  "not_integer",
  "too_short",
  "too_long",
  "too_few_items",
  "too_many_items",
  "wrong_type",
  "null_value",
  "array_for_object",
  "not_an_object",
  "unknown_enum",
  "unknown_property",
  "pattern_mismatch",
  "repeated_key",
  "malformed_body",
  "wrong_content_type",
  "oversized_body",
  "unknown_id",
  "malformed_path",
  "nul_in_text",
  "deep_nesting",
] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

export type CaseBody =
  | { type: "json"; value: unknown }
  | { type: "form"; pairs: [string, string][] }
  /** text sent as is (malformed JSON, an empty body, JSON under another content type) */
  | { type: "raw"; text: string; contentType: string }
  /** a well-formed body of `bytes` bytes (oversizedBody builds it); chunked: no Content-Length */
  | { type: "oversized"; bytes: number; chunked: boolean };

export type FuzzCase = {
  kind: CaseKind;
  /** where the rule is broken: "body/creative/headline", "query:start_date", "header:idempotency-key", "path:id", "body" */
  target: string;
  /** every path parameter's value as sent: percent-encoded, ready to put in the template */
  path: Record<string, string>;
  /** the query string as pairs, in order (a key may repeat) */
  query: [string, string][];
  headers: Record<string, string>;
  body?: CaseBody;
};

/** What valid requests look like, when the schema's examples alone are not enough (live ids, today's date). */
export type Bases = {
  /** path parameters' values as they are (not encoded): a live id */
  path?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
};

/** A value no enum of the document holds, and a field name no schema declares. */
export const UNKNOWN_VALUE = "zz_fuzz_unknown";
export const UNKNOWN_FIELD = "zz_fuzz_field";
/** Text holding U+0000. */
export const NUL_TEXT = "fuzz\u0000text";

/** The same as JSON.parse(JSON.stringify(...)) with every local $ref replaced by its target. */
export function resolveRefs<T>(value: T, doc: OpenApiDocument, depth = 0): T {
  if (depth > 40) throw new Error("$ref nesting deeper than 40: a recursive schema?");
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, doc, depth + 1)) as T;
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  if (typeof record.$ref === "string") {
    const target = record.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, "/")], doc);
    if (target === undefined) throw new Error(`unresolved $ref ${record.$ref}`);
    const { $ref: _ref, ...rest } = record;
    return resolveRefs({ ...(target as object), ...rest }, doc, depth + 1) as T;
  }
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, resolveRefs(item, doc, depth + 1)])) as T;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/** Every operation of the document, in document order. */
export function fuzzOperations(doc: OpenApiDocument): FuzzOperation[] {
  const out: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const raw = item[method] as OperationObject | undefined;
      if (!raw) continue;
      const operation = resolveRefs(raw, doc);
      const security = operation.security ?? doc.security ?? [];
      const auth: FuzzOperation["auth"] =
        security.length === 0
          ? { kind: "none" }
          : security[0]!.platformKey
            ? { kind: "platform" }
            : { kind: "token", scopes: Object.values(security[0]!)[0] ?? [] };
      const params = (where: string) =>
        (operation.parameters ?? [])
          .filter((param) => param.in === where)
          .map((param) => ({ name: param.name, required: param.required === true, schema: param.schema ?? {} }));
      const content = Object.entries(operation.requestBody?.content ?? {})[0];
      // in template order (a document may list them in any order, or not at all: then they are text)
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
        name: name!,
        schema: operation.parameters?.find((param) => param.in === "path" && param.name === name)?.schema ?? {
          type: "string",
        },
      }));
      out.push({
        method: method.toUpperCase(),
        path,
        auth,
        pathParams,
        query: params("query"),
        headers: params("header"),
        body: content
          ? {
              contentType: content[0],
              contentTypes: Object.keys(operation.requestBody?.content ?? {}),
              schema: content[1].schema ?? {},
              required: operation.requestBody?.required === true,
              limit: operation["x-body-limit-bytes"],
            }
          : undefined,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- schemas

const JSON_TYPES = ["string", "number", "boolean", "object", "array", "null"] as const;
type JsonType = (typeof JSON_TYPES)[number];

/** The branches of a schema that are not `null`, and whether null is allowed. */
function branches(schema: JsonSchema): { options: JsonSchema[]; nullable: boolean } {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const { anyOf: _a, oneOf: _o, ...outer } = schema;
    const options = alternatives.filter((option) => option.type !== "null").map((option) => ({ ...outer, ...option }));
    return { options, nullable: options.length < alternatives.length };
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes("null")) {
    const rest = types.filter((type) => type !== "null");
    return { options: [{ ...schema, type: rest.length === 1 ? rest[0] : rest }], nullable: true };
  }
  return { options: [schema], nullable: schema.const === null || (schema.enum?.includes(null) ?? false) };
}

/** The JSON types a schema accepts ("number" for integer too), or every type when it says nothing. */
function acceptedTypes(schema: JsonSchema): Set<JsonType> {
  const { options, nullable } = branches(schema);
  const out = new Set<JsonType>(nullable ? ["null"] : []);
  for (const option of options) {
    const declared = Array.isArray(option.type) ? option.type : option.type ? [option.type] : [];
    if (declared.length === 0) {
      if (option.const !== undefined || option.enum) {
        for (const value of option.enum ?? [option.const]) out.add(typeOf(value));
        continue;
      }
      return new Set(JSON_TYPES);
    }
    for (const type of declared) out.add(type === "integer" ? "number" : (type as JsonType));
  }
  return out;
}

function typeOf(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value as JsonType;
}

function isObjectSchema(schema: JsonSchema): boolean {
  return schema.type === "object" || schema.properties !== undefined;
}

const FORMAT_SAMPLES: Record<string, string> = {
  date: "2030-01-15",
  "date-time": "2030-01-15T12:00:00Z",
  uri: "https://example.com/",
  email: "fuzz@example.com",
  uuid: "0b7c2c1e-3f5e-4a8e-9a61-7d0f6a3c2b10",
};

/** A value the schema accepts: its example, else the simplest one its constraints allow. */
export function validValue(schema: JsonSchema): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const { options, nullable } = branches(schema);
  const option = options[0];
  if (!option) return nullable ? null : undefined;
  if (option !== schema) return validValue(option);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (isObjectSchema(schema)) {
    const out: Record<string, unknown> = {};
    for (const name of schema.required ?? []) out[name] = validValue(schema.properties?.[name] ?? {});
    return out;
  }
  switch (type) {
    case "array":
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => validValue(schema.items ?? {}));
    case "number":
    case "integer": {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      const high = schema.maximum ?? schema.exclusiveMaximum ?? Number.MAX_SAFE_INTEGER;
      return Math.min(low, high);
    }
    case "boolean":
      return true;
    case "string": {
      if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format];
      return "f".repeat(Math.max(schema.minLength ?? 1, 1));
    }
    default:
      return "fuzz";
  }
}

// ---------------------------------------------------------------- JSON bodies

type Path = (string | number)[];
type Mutation = { kind: CaseKind; path: Path; value?: unknown; remove?: boolean };

const WRONG_TYPE_VALUES: Record<JsonType, unknown> = {
  string: "fuzz",
  number: 12345,
  boolean: true,
  object: { [UNKNOWN_FIELD]: 1 },
  array: [1],
  null: null,
};

/** The values that break a scalar schema's own constraints (lengths, bounds, enum, pattern). */
function scalarBreakers(schema: JsonSchema, asText: boolean): { kind: CaseKind; value: unknown }[] {
  const out: { kind: CaseKind; value: unknown }[] = [];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  const number = (value: number) => (asText ? String(value) : value);
  if (schema.enum || schema.const !== undefined) {
    const allowed = schema.enum ?? [schema.const];
    if (!allowed.includes(UNKNOWN_VALUE)) out.push({ kind: "unknown_enum", value: UNKNOWN_VALUE });
    return out;
  }
  if (type === "string") {
    if ((schema.minLength ?? 0) > 0) out.push({ kind: "too_short", value: "f".repeat(schema.minLength! - 1) });
    if (schema.maxLength !== undefined) out.push({ kind: "too_long", value: "f".repeat(schema.maxLength + 1) });
    const mismatch = "~ fuzz ~";
    if (schema.pattern && !new RegExp(schema.pattern, "u").test(mismatch))
      out.push({ kind: "pattern_mismatch", value: mismatch });
    else if (schema.format && FORMAT_SAMPLES[schema.format]) out.push({ kind: "pattern_mismatch", value: mismatch });
    // U+0000, which PostgreSQL's text cannot hold: refused on both databases (docs/decisions/1421)
    out.push({ kind: "nul_in_text", value: NUL_TEXT });
  }
  if (type === "number" || type === "integer") {
    if (schema.minimum !== undefined) out.push({ kind: "below_minimum", value: number(schema.minimum - 1) });
    if (schema.exclusiveMinimum !== undefined)
      out.push({ kind: "below_minimum", value: number(schema.exclusiveMinimum) });
    if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER)
      out.push({ kind: "above_maximum", value: number(schema.maximum + 1) });
    if (schema.exclusiveMaximum !== undefined)
      out.push({ kind: "above_maximum", value: number(schema.exclusiveMaximum) });
    if (schema.maximum !== undefined && schema.maximum >= Number.MAX_SAFE_INTEGER)
      out.push({ kind: "above_maximum", value: asText ? "1" + "0".repeat(30) : 1e30 });
    if (type === "integer") {
      const low = schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
      out.push({ kind: "not_integer", value: number(low + 0.5) });
    }
  }
  if (type === "boolean" && asText) out.push({ kind: "wrong_type", value: UNKNOWN_VALUE });
  return out;
}

/** Every rule of `schema` at `path` broken once, in schema order. */
function mutations(schema: JsonSchema, path: Path, required: boolean, rng: Rng): Mutation[] {
  const out: Mutation[] = [];
  if (path.length > 0 && required) out.push({ kind: "missing_required", path, remove: true });
  const accepted = acceptedTypes(schema);
  const wrong = JSON_TYPES.filter((type) => !accepted.has(type) && type !== "null");
  if (wrong.length > 0) out.push({ kind: "wrong_type", path, value: WRONG_TYPE_VALUES[rng.pick(wrong)] });
  const { options } = branches(schema);
  if (!accepted.has("null")) out.push({ kind: "null_value", path, value: null });
  for (const option of options) {
    if (isObjectSchema(option)) {
      if (!accepted.has("array")) out.push({ kind: "array_for_object", path, value: [validValue(option)] });
      if (option.additionalProperties === false)
        out.push({ kind: "unknown_property", path: [...path, UNKNOWN_FIELD], value: 1 });
      const requiredNames = new Set(option.required ?? []);
      for (const [name, property] of Object.entries(option.properties ?? {}))
        out.push(...mutations(property, [...path, name], requiredNames.has(name), rng));
    } else if (option.type === "array") {
      if ((option.minItems ?? 0) > 0) out.push({ kind: "too_few_items", path, value: [] });
      if (option.maxItems !== undefined) {
        const item = validValue(option.items ?? {});
        out.push({ kind: "too_many_items", path, value: Array.from({ length: option.maxItems + 1 }, () => item) });
      }
      if (option.items) out.push(...mutations(option.items, [...path, 0], false, rng));
    } else {
      for (const { kind, value } of scalarBreakers(option, false)) out.push({ kind, path, value });
    }
  }
  return out;
}

/** `base` with the value at `path` replaced (or removed); missing parents are made from `schema`. */
function applyMutation(base: unknown, schema: JsonSchema, mutation: Mutation): unknown {
  if (mutation.path.length === 0) return mutation.value;
  const [head, ...rest] = mutation.path;
  const option = branches(schema).options.find((o) =>
    typeof head === "number" ? o.type === "array" : isObjectSchema(o),
  );
  const childSchema = (typeof head === "number" ? option?.items : option?.properties?.[head!]) ?? {};
  const container =
    base !== null && typeof base === "object" ? base : (validValue(option ?? schema) as Record<string, unknown>);
  const copy = (Array.isArray(container) ? [...container] : { ...container }) as Record<string | number, unknown>;
  if (rest.length === 0 && mutation.remove) {
    delete copy[head!];
    return copy;
  }
  const child = head! in copy ? copy[head!] : validValue(childSchema);
  copy[head!] = applyMutation(child, childSchema, { ...mutation, path: rest });
  return copy;
}

/** A well-formed body of exactly `bytes` bytes (JSON, or a form when `form`): what an oversized case sends. */
export function oversizedBody(bytes: number, form = false): string {
  const head = form ? "grant_type=client_credentials&pad=" : '{"pad":"';
  const tail = form ? "" : '"}';
  return head + "x".repeat(Math.max(bytes - head.length - tail.length, 0)) + tail;
}

function describe(path: Path): string {
  return path.length === 0 ? "body" : `body/${path.join("/")}`;
}

// ---------------------------------------------------------------- cases

function textParamCases(
  params: TextParam[],
  base: Record<string, string>,
  where: "query" | "header",
): { kind: CaseKind; target: string; values: [string, string][] }[] {
  const pairs = Object.entries(base);
  const out: { kind: CaseKind; target: string; values: [string, string][] }[] = [];
  for (const param of params) {
    const target = `${where}:${param.name}`;
    const others = pairs.filter(([name]) => name !== param.name);
    const own = base[param.name] ?? String(validValue(param.schema));
    if (param.required) out.push({ kind: "missing_required", target, values: others });
    for (const option of branches(param.schema).options)
      for (const { kind, value } of scalarBreakers(option, true))
        // HTTP cannot carry a NUL in a header (the client refuses to send it)
        if (kind !== "nul_in_text" || where === "query")
          out.push({ kind, target, values: [...others, [param.name, String(value)]] });
    const accepted = acceptedTypes(param.schema);
    if (!accepted.has("string") && accepted.has("number"))
      out.push({ kind: "wrong_type", target, values: [...others, [param.name, UNKNOWN_VALUE]] });
    // a key given twice is refused, never silently resolved to one of its values
    if (where === "query")
      out.push({ kind: "repeated_key", target, values: [...others, [param.name, own], [param.name, own]] });
  }
  return out;
}

// ---------------------------------------------------------------- path parameters

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const HEX = "0123456789abcdef";

function randomChars(rng: Rng, alphabet: string, length: number): string {
  return Array.from({ length }, () => rng.pick([...alphabet])).join("");
}

/** The type prefix of an id ("cmp_" of "cmp_8fJ2..."), or "". */
function idPrefix(value: string): string {
  return /^[a-z]{1,8}_(?=[0-9A-Za-z])/.exec(value)?.[0] ?? "";
}

/**
 * A value shaped like `base` that names nothing: a random version-4 UUID for a UUID,
 * else the same type prefix and as many random base62 characters as the id has
 * (22 when `base` is no id of ours: a random token). A pattern of the schema holds.
 */
function unknownPathValue(schema: JsonSchema, base: string, rng: Rng): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    let value: string;
    if (schema.format === "uuid" || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(base)) {
      const hex = randomChars(rng, HEX, 32).split("");
      hex[12] = "4";
      hex[16] = rng.pick(["8", "9", "a", "b"]);
      const text = hex.join("");
      value = [text.slice(0, 8), text.slice(8, 12), text.slice(12, 16), text.slice(16, 20), text.slice(20)].join("-");
    } else {
      const prefix = idPrefix(base);
      const rest = base.slice(prefix.length);
      value = prefix + randomChars(rng, BASE62, /^[0-9A-Za-z]{8,}$/.test(rest) ? rest.length : 22);
    }
    if (value !== base && (!schema.pattern || new RegExp(schema.pattern, "u").test(value))) return value;
  }
  throw new Error(`no unknown value for a path parameter with pattern ${schema.pattern}`);
}

/**
 * Path values (percent-encoded, as sent) no route may take: 300 characters, non-ASCII, an
 * encoded slash after the real value, encoded traversal (never a bare `..` segment, which
 * a URL resolves to another path before any route sees it), a blank, and escapes that
 * decode to no text.
 */
export function malformedPathValues(base: string): string[] {
  const prefix = idPrefix(base);
  return [
    encodeURIComponent(prefix + "f".repeat(300 - prefix.length)),
    encodeURIComponent(`${prefix}fuzz-é-ß-日本-🎉`),
    `${encodeURIComponent(base)}%2F${UNKNOWN_VALUE}`,
    "..%2F..%2F..%2Fetc%2Fpasswd",
    `%2E%2E%2F%2E%2E%2F${encodeURIComponent(base)}`,
    "%20",
    // percent-encoding that decodes to no text: a byte that is not UTF-8, an escape that is not hex
    `${encodeURIComponent(base)}%FF`,
    `${encodeURIComponent(base)}%ZZ`,
    // NUL, which PostgreSQL's text cannot hold (docs/decisions/1421)
    `${encodeURIComponent(base)}%00`,
  ];
}

/** The valid request's path parameters, not encoded: the live ones of `bases`, else the schemas' examples. */
function basePathValues(operation: FuzzOperation, bases: Bases): Record<string, string> {
  return Object.fromEntries(
    operation.pathParams.map((param) => [param.name, bases.path?.[param.name] ?? String(validValue(param.schema))]),
  );
}

function encodeValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, encodeURIComponent(value)]));
}

/** The valid request's path parameters as sent (percent-encoded), what every case but a path case keeps. */
export function basePath(operation: FuzzOperation, bases: Bases = {}): Record<string, string> {
  return encodeValues(basePathValues(operation, bases));
}

function pathCases(
  params: PathParam[],
  base: Record<string, string>,
  rng: Rng,
): { kind: CaseKind; target: string; values: Record<string, string> }[] {
  const encoded = encodeValues(base);
  const out: { kind: CaseKind; target: string; values: Record<string, string> }[] = [];
  for (const param of params) {
    const target = `path:${param.name}`;
    const own = base[param.name]!;
    const allowed = branches(param.schema).options.flatMap(
      (option) => option.enum ?? (option.const !== undefined ? [option.const] : []),
    );
    // an enum's unknown value is one outside it; an id's is one shaped like it
    if (allowed.length > 0) {
      if (!allowed.includes(UNKNOWN_VALUE))
        out.push({ kind: "unknown_enum", target, values: { ...encoded, [param.name]: UNKNOWN_VALUE } });
    } else {
      const value = encodeURIComponent(unknownPathValue(param.schema, own, rng));
      out.push({ kind: "unknown_id", target, values: { ...encoded, [param.name]: value } });
    }
    for (const value of malformedPathValues(own))
      out.push({ kind: "malformed_path", target, values: { ...encoded, [param.name]: value } });
  }
  return out;
}

/** Every bad request for `operation`, in a fixed order (the same seed and bases give the same list). */
export function fuzzCases(operation: FuzzOperation, options: { seed: number; bases?: Bases }): FuzzCase[] {
  const rng = createRng(options.seed);
  const bases = options.bases ?? {};
  const baseQuery: Record<string, string> = { ...bases.query };
  for (const param of operation.query)
    if (param.required && !(param.name in baseQuery)) baseQuery[param.name] = String(validValue(param.schema));
  const baseHeaders: Record<string, string> = { ...bases.headers };
  for (const param of operation.headers)
    if (param.required && !(param.name in baseHeaders)) baseHeaders[param.name] = String(validValue(param.schema));
  const body = operation.body;
  const form = body?.contentType === "application/x-www-form-urlencoded";
  const baseBody = body ? (bases.body ?? validValue(body.schema)) : undefined;
  const baseCaseBody = (): CaseBody | undefined =>
    !body
      ? undefined
      : form
        ? { type: "form", pairs: Object.entries(baseBody as Record<string, unknown>).map(([k, v]) => [k, String(v)]) }
        : { type: "json", value: baseBody };
  const livePath = basePathValues(operation, bases);
  const path = encodeValues(livePath);
  const queryPairs = Object.entries(baseQuery);
  const cases: FuzzCase[] = [];

  for (const { kind, target, values } of textParamCases(operation.query, baseQuery, "query"))
    cases.push({ kind, target, path, query: values, headers: baseHeaders, body: baseCaseBody() });
  for (const { kind, target, values } of textParamCases(operation.headers, baseHeaders, "header"))
    cases.push({ kind, target, path, query: queryPairs, headers: Object.fromEntries(values), body: baseCaseBody() });

  if (body) {
    const push = (kind: CaseKind, target: string, caseBody: CaseBody) =>
      cases.push({ kind, target, path, query: queryPairs, headers: baseHeaders, body: caseBody });
    if (form) {
      const fields = Object.entries(body.schema.properties ?? {}).map(([name, schema]) => ({
        name,
        schema,
        required: body.schema.required?.includes(name) ?? false,
      }));
      const formBase = Object.fromEntries(
        Object.entries(baseBody as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      );
      for (const { kind, target, values } of textParamCases(fields, formBase, "query"))
        push(kind, target.replace(/^query:/, "body/"), { type: "form", pairs: values });
      // the form as JSON, under a type the operation does not take (where it takes JSON too, JSON is no mistake)
      push("wrong_content_type", "body", {
        type: "raw",
        text: JSON.stringify(formBase),
        contentType: body.contentTypes.includes("application/json") ? "text/plain" : "application/json",
      });
    } else {
      for (const mutation of mutations(body.schema, [], true, rng))
        push(mutation.kind, describe(mutation.path), {
          type: "json",
          value: applyMutation(baseBody, body.schema, mutation),
        });
      // a body that is not an object at all (a scalar, or the valid body in an array)
      if (isObjectSchema(body.schema) || branches(body.schema).options.some(isObjectSchema))
        for (const value of ["text", 42, true, [], [baseBody]]) push("not_an_object", "body", { type: "json", value });
      push("malformed_body", "body", { type: "raw", text: '{"', contentType: body.contentType });
      // an empty body is no body: malformed only where one is required
      if (body.required) push("malformed_body", "body", { type: "raw", text: "", contentType: body.contentType });
      push("wrong_content_type", "body", { type: "raw", text: JSON.stringify(baseBody), contentType: "text/plain" });
      // arrays nested as deep as the body's limit allows (past any recursion's call stack), a NUL at the bottom
      push("deep_nesting", "body", { type: "raw", text: deeplyNested(body.limit), contentType: body.contentType });
    }
    if (body.limit !== undefined) {
      push("oversized_body", "body", { type: "oversized", bytes: body.limit + 1, chunked: false });
      push("oversized_body", "body", { type: "oversized", bytes: body.limit + 1, chunked: true });
      push("oversized_body", "body", { type: "oversized", bytes: 1024 * 1024, chunked: true });
    }
  }
  // last, so that the rng's earlier draws (and the cases above) are those of a document without path parameters
  for (const { kind, target, values } of pathCases(operation.pathParams, livePath, rng))
    cases.push({ kind, target, path: values, query: queryPairs, headers: baseHeaders, body: baseCaseBody() });
  return cases;
}

/** JSON arrays nested as deep as `limit` bytes allow (at most 60,000 bytes), with a NUL string at the bottom. */
export function deeplyNested(limit = 64 * 1024): string {
  const leaf = '"\\u0000"';
  const depth = Math.floor((Math.min(limit, 60_000) - leaf.length) / 2);
  return `${"[".repeat(depth)}${leaf}${"]".repeat(depth)}`;
}

/** Counts of cases per kind (zero kinds included), for the run's summary. */
export function countByKind(cases: readonly FuzzCase[]): Record<CaseKind, number> {
  const counts = Object.fromEntries(CASE_KINDS.map((kind) => [kind, 0])) as Record<CaseKind, number>;
  for (const item of cases) counts[item.kind] += 1;
  return counts;
}
