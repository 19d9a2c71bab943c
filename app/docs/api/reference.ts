// The API reference's model: the OpenAPI document's operations grouped by tag, one page per tag, and the
// schemas each tag's operations reach. Pure functions of the document served at /.well-known/openapi.json.
import { env } from "@/lib/env";
import { openApiDocument } from "@/lib/openapi/cached-document";
import type { JsonSchema } from "./schema-view";

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type Response = { description: string; content?: Record<string, { schema?: JsonSchema }> };
export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, Response>;
};
type Document = {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
export type Entry = { path: string; method: string; operation: Operation; anchor: string };
export type Tag = { name: string; slug: string; entries: Entry[] };
export type Reference = {
  info: Document["info"];
  baseUrl: string;
  tags: Tag[];
  schemas: Record<string, JsonSchema>;
  /** Where an operation is read: its tag's page and its anchor there. */
  href: (operationId: string) => string;
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** The tag of next-auth's endpoints (lib/openapi/paths/auth.ts): the dashboard's own sign-in, not for integrators. */
const DASHBOARD_SESSION_TAG = "Dashboard session";

export function tagSlug(tag: string): string {
  return tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function apiReference(): Reference {
  const doc = openApiDocument(env().PUBLIC_BASE_URL) as unknown as Document;
  const tags = new Map<string, Tag>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || operation.tags?.includes(DASHBOARD_SESSION_TAG)) continue;
      const name = operation.tags?.[0] ?? "Other";
      const tag = tags.get(name) ?? { name, slug: tagSlug(name), entries: [] };
      tag.entries.push({
        path,
        method,
        operation,
        anchor: operation.operationId ?? `${method}-${path.replace(/[^a-z0-9]+/gi, "-")}`,
      });
      tags.set(name, tag);
    }
  }
  const pages = new Map<string, string>();
  for (const tag of tags.values()) {
    for (const entry of tag.entries) pages.set(entry.anchor, `/docs/api/${tag.slug}#${entry.anchor}`);
  }
  return {
    info: doc.info,
    baseUrl: doc.servers?.[0]?.url ?? "",
    tags: [...tags.values()],
    schemas: doc.components?.schemas ?? {},
    href: (operationId) => pages.get(operationId) ?? "/docs/api",
  };
}

/** The components a tag's operations reach, directly or through other components, A to Z. */
export function schemasOf(reference: Reference, tag: Tag): [string, JsonSchema][] {
  const reached = new Set<string>();
  const visit = (value: unknown): void => {
    if (!value || typeof value !== "object") return;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === "string") {
      const name = ref.split("/").pop()!;
      if (!reached.has(name) && reference.schemas[name]) {
        reached.add(name);
        visit(reference.schemas[name]);
      }
    }
    for (const child of Object.values(value)) visit(child);
  };
  for (const entry of tag.entries) visit(entry.operation);
  return [...reached].sort((a, b) => a.localeCompare(b)).map((name) => [name, reference.schemas[name]!]);
}
