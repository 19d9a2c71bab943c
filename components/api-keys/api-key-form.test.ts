import { describe, expect, it } from "vitest";
import { SCOPES } from "@/lib/auth/scopes";
import { SCOPE_OPTIONS, createApiClientInput, scopeKey, scopeName } from "./api-key-form";

describe("API key form", () => {
  it("offers every scope of lib/auth/scopes.ts in GraphQL's capitals", () => {
    expect(SCOPE_OPTIONS.map((option) => option.name)).toEqual([...SCOPES]);
    expect(SCOPE_OPTIONS.map((option) => option.value)).toEqual([
      "CAMPAIGNS_READ",
      "CAMPAIGNS_WRITE",
      "REPORTING_READ",
    ]);
    for (const scope of SCOPES) expect(scopeName(scopeKey(scope))).toBe(scope);
  });

  it("builds the input with the chosen scopes in catalog order and the name trimmed", () => {
    expect(
      createApiClientInput({ name: "  CI pipeline ", scopes: ["REPORTING_READ", "CAMPAIGNS_READ", "BOGUS"] }),
    ).toEqual({ name: "CI pipeline", scopes: ["CAMPAIGNS_READ", "REPORTING_READ"] });
  });
});
