import { describe, expect, it } from "vitest";
import { graphqlEnumName } from "@/graphql/enums";
import { SCOPES } from "@/lib/auth/scopes";
import { SECURITY_SCHEMES } from "@/lib/openapi/common";
import { SCOPE_OPTIONS, apiKeyErrors, apiKeyInput, scopeKey, scopeName } from "./api-key-form";

describe("API key form", () => {
  it("offers every scope of lib/auth/scopes.ts in GraphQL's capitals", () => {
    expect(SCOPE_OPTIONS.map((option) => option.name)).toEqual([...SCOPES]);
    expect(SCOPE_OPTIONS.map((option) => option.value)).toEqual([
      "CAMPAIGNS_READ",
      "CAMPAIGNS_WRITE",
      "REPORTING_READ",
    ]);
    for (const scope of SCOPES) expect(scopeName(scopeKey(scope))).toBe(scope);
    // the values are the schema's Scope enum (codegen's type), the words the OpenAPI document's
    expect(SCOPE_OPTIONS.map((option) => option.value)).toEqual(SCOPES.map(graphqlEnumName));
    expect(Object.fromEntries(SCOPE_OPTIONS.map((option) => [option.name, option.description]))).toEqual(
      SECURITY_SCHEMES.oauth2.flows.clientCredentials.scopes,
    );
  });

  it("builds the input with the chosen scopes in catalog order and the name trimmed", () => {
    expect(apiKeyInput({ name: "  CI pipeline ", scopes: ["REPORTING_READ", "CAMPAIGNS_READ", "BOGUS"] })).toEqual({
      name: "CI pipeline",
      scopes: ["CAMPAIGNS_READ", "REPORTING_READ"],
    });
  });

  it("checks the input with the API's schema (createApiClientInput) before sending", () => {
    expect(apiKeyErrors(apiKeyInput({ name: "CI", scopes: ["CAMPAIGNS_READ"] }))).toEqual({});
    expect(apiKeyErrors(apiKeyInput({ name: "  ", scopes: [] }))).toEqual({
      name: "Must not be blank",
      scopes: "Must contain at least one scope",
    });
    expect(apiKeyErrors(apiKeyInput({ name: "x".repeat(101), scopes: ["REPORTING_READ"] })).name).toBe(
      "Must be at most 100 characters",
    );
  });
});
