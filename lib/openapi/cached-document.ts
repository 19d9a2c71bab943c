// The document is a pure function of the schemas and the base URL: build it once per base URL.
import { buildOpenApiDocument } from "./document";

const cache = new Map<string, ReturnType<typeof buildOpenApiDocument>>();

export function openApiDocument(baseUrl: string): ReturnType<typeof buildOpenApiDocument> {
  let document = cache.get(baseUrl);
  if (!document) {
    document = buildOpenApiDocument(baseUrl);
    cache.set(baseUrl, document);
  }
  return document;
}
