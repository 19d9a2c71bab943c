// What a client may name as its redirect URIs and as its client_id URL
// (docs/decisions/1312): RFC 8252's loopback and private-use schemes, never a
// browser-run scheme, a fragment or credentials; CIMD's URL rules.
import { describe, expect, it } from "vitest";
import { isClientIdUrl, parseClientMetadataDocument, redirectUriProblem } from "./client-metadata";

describe("redirectUriProblem", () => {
  it.each([
    "https://claude.ai/api/mcp/auth_callback",
    "http://127.0.0.1:33418/callback",
    "http://localhost/callback",
    "http://[::1]:8080/cb",
    "com.example.app:/oauth2redirect",
    "io.github.agent:/cb",
  ])("accepts %s", (uri) => {
    expect(redirectUriProblem(uri)).toBeNull();
  });

  it.each([
    ["http://agent.example/cb", /loopback/],
    ["http://127.0.0.2/cb", /loopback/],
    ["https://agent.example/cb#x", /fragment/],
    ["https://user:pw@agent.example/cb", /credentials/],
    ["javascript:alert(1)", /javascript/],
    ["data:text/html,hi", /data/],
    ["file:///etc/passwd", /file/],
    ["not a url", /not a URL/],
    // F4: schemes without a dot are the browser's or the system's, not a native app's (RFC 8252 §7.1)
    ["ms-msdt:/id PCWDiagnostic", /reverse-domain/],
    ["view-source:https://sma.test/", /reverse-domain/],
    ["jar:https://agent.example/x.jar!/", /reverse-domain/],
    ["cursor://anysphere.cursor-retrieval/oauth/callback", /reverse-domain/],
  ])("refuses %s", (uri, reason) => {
    expect(redirectUriProblem(uri)).toMatch(reason);
  });
});

describe("isClientIdUrl", () => {
  it("takes an https URL with a path", () => {
    expect(isClientIdUrl("https://agent.example/oauth/client.json")).toBe(true);
  });

  it.each([
    "http://agent.example/client.json",
    "https://agent.example/",
    "https://agent.example",
    "https://agent.example/c.json#frag",
    "https://u:p@agent.example/c.json",
    "https://agent.example/a/../c.json",
    "https://agent.example/a/%2e%2e/c.json",
  ])("refuses %s", (url) => {
    expect(isClientIdUrl(url)).toBe(false);
  });
});

describe("parseClientMetadataDocument", () => {
  const url = "https://agent.example/client.json";

  it("answers a public client whatever the document leaves out", () => {
    expect(
      parseClientMetadataDocument(url, { client_id: url, redirect_uris: ["https://agent.example/cb"] }),
    ).toMatchObject({
      client_id: url,
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    });
  });

  it("refuses a document that is not an object, names another client, or holds a secret", () => {
    expect(() => parseClientMetadataDocument(url, [])).toThrow(/JSON object/);
    expect(() => parseClientMetadataDocument(url, { client_id: "https://x.example/c", redirect_uris: [] })).toThrow(
      /client_id/,
    );
    expect(() =>
      parseClientMetadataDocument(url, { client_id: url, redirect_uris: ["https://a.example/cb"], client_secret: "s" }),
    ).toThrow(/secret/);
  });
});
