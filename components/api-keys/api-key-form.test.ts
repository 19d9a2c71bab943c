import { describe, expect, it } from "vitest";
import { graphqlEnumName } from "@/graphql/enums";
import { SCOPES } from "@/lib/auth/scopes";
import { securitySchemes } from "@/lib/openapi/common";
import { zodFieldErrors } from "@/components/form-errors";
import { SCOPE_OPTIONS, apiKeyFormSchema, apiKeyInput, scopeKey, scopeName } from "./api-key-form";

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
      securitySchemes("/token").oauth2.flows.clientCredentials.scopes,
    );
  });

  it("builds the input with the chosen scopes in catalog order and the name trimmed", () => {
    const parsed = apiKeyFormSchema.parse({ name: "  CI pipeline ", scopes: ["reporting:read", "campaigns:read"] });
    expect(apiKeyInput(parsed)).toEqual({ name: "CI pipeline", scopes: ["CAMPAIGNS_READ", "REPORTING_READ"] });
  });

  it("checks the input with the API's schema (createApiClientInput) before sending", () => {
    expect(apiKeyFormSchema.safeParse({ name: "CI", scopes: ["campaigns:read"] }).success).toBe(true);
    expect(zodFieldErrors(apiKeyFormSchema.safeParse({ name: "  ", scopes: [] }).error!)).toEqual({
      name: "Enter the name",
      scopes: "Select at least one scope",
    });
    expect(
      zodFieldErrors(apiKeyFormSchema.safeParse({ name: "x".repeat(101), scopes: ["reporting:read"] }).error!),
    ).toEqual({
      name: "The name must be at most 100 characters",
    });
  });
});
