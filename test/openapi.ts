// Validates real requests and responses against the served OpenAPI document
// (JSON Schema 2020-12, Ajv): a test calls a route, then
//   expectMatchesOpenApi("GET", "/api/ads/campaigns/cmp_x", res.status, res.body)
// and fails when the body does not match the documented schema for that
// operation and status, or when the operation or status is not documented.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/document";

type Operation = {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

let cached: { doc: Doc; ajv: Ajv2020; validators: Map<string, ValidateFunction> } | undefined;

function state() {
  if (!cached) {
    const doc = JSON.parse(JSON.stringify(buildOpenApiDocument("http://sma.test"))) as Doc;
    // strict off: OpenAPI adds keywords JSON Schema does not know (example); they are ignored
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc as object, "openapi");
    cached = { doc, ajv, validators: new Map() };
  }
  return cached;
}

function pointer(...parts: string[]): string {
  return parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
}

/** The documented path template that a concrete path matches ("/api/ads/campaigns/cmp_1" -> "/api/ads/campaigns/{id}"). */
export function matchTemplate(paths: readonly string[], concrete: string): string | undefined {
  const pathname = concrete.split("?")[0]!;
  if (paths.includes(pathname)) return pathname;
  return paths.find((template) => {
    const regex = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`);
    return regex.test(pathname);
  });
}

function validatorFor(ref: string): ValidateFunction {
  const { ajv, validators } = state();
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi#/${ref}` });
    validators.set(ref, validate);
  }
  return validate;
}

function operationFor(method: string, path: string): { template: string; operation: Operation } {
  const { doc } = state();
  const template = matchTemplate(Object.keys(doc.paths), path);
  expect(template, `no documented path matches ${path}`).toBeDefined();
  const operation = doc.paths[template!]![method.toLowerCase()];
  expect(operation, `${method} ${template} is not documented`).toBeDefined();
  return { template: template!, operation: operation! };
}

function check(ref: string, body: unknown, what: string): void {
  const validate = validatorFor(ref);
  const ok = validate(body);
  expect(
    ok,
    `${what} does not match the OpenAPI document:\n${JSON.stringify(validate.errors, null, 2)}\n${JSON.stringify(body).slice(0, 2000)}`,
  ).toBe(true);
}

/** Fails unless `body` matches the documented response of `method path` for `status`. */
export function expectMatchesOpenApi(
  method: string,
  path: string,
  status: number,
  body: unknown,
  contentType?: string,
): void {
  const { template, operation } = operationFor(method, path);
  const response = operation.responses?.[String(status)];
  expect(response, `${method} ${template} does not document status ${status}`).toBeDefined();
  const content = response!.content ?? {};
  const type =
    contentType ??
    (status >= 400 && content["application/problem+json"] ? "application/problem+json" : "application/json");
  if (!content[type]) {
    expect(body === undefined || body === "", `${method} ${template} ${status} documents no ${type} body`).toBe(true);
    return;
  }
  check(
    pointer("paths", template, method.toLowerCase(), "responses", String(status), "content", type, "schema"),
    body,
    `${method} ${path} ${status} (${type})`,
  );
}

/** Fails unless `body` is a valid request body of `method path` (the sample a client would send). */
export function expectRequestMatchesOpenApi(
  method: string,
  path: string,
  body: unknown,
  contentType = "application/json",
): void {
  const { template, operation } = operationFor(method, path);
  expect(
    operation.requestBody?.content?.[contentType],
    `${method} ${template} documents no ${contentType} request body`,
  ).toBeDefined();
  check(
    pointer("paths", template, method.toLowerCase(), "requestBody", "content", contentType, "schema"),
    body,
    `${method} ${path} request`,
  );
}
