// Every enum of the schema lists exactly the domain's values (in capitals), so
// a value added to the domain without the schema, or the reverse, fails here.
import { buildSchema, GraphQLEnumType } from "graphql";
import { describe, expect, it } from "vitest";
import { USER_ERROR_CODES } from "@/lib/errors";
import { typeDefs } from "./__generated__/type-defs";
import { ENUMS, graphqlEnumName } from "./enums";

const schema = buildSchema(typeDefs);

describe("GraphQL enums", () => {
  it("has an internal-value map for every enum of the schema, and no other", () => {
    const enums = Object.values(schema.getTypeMap())
      .filter((type): type is GraphQLEnumType => type instanceof GraphQLEnumType && !type.name.startsWith("__"))
      .map((type) => type.name)
      .sort();
    expect(Object.keys(ENUMS).sort()).toEqual(enums);
  });

  for (const [name, values] of Object.entries(ENUMS)) {
    it(`${name} lists the domain's values`, () => {
      const type = schema.getType(name) as GraphQLEnumType;
      expect(
        type
          .getValues()
          .map((value) => value.name)
          .sort(),
      ).toEqual(Object.keys(values).sort());
    });
  }

  it("names domain values in capitals", () => {
    expect(graphqlEnumName("close_game")).toBe("CLOSE_GAME");
    expect(graphqlEnumName("campaigns:read")).toBe("CAMPAIGNS_READ");
    expect(graphqlEnumName("campaign.budget_50pct")).toBe("CAMPAIGN_BUDGET_50PCT");
    expect(Object.values(ENUMS.UserErrorCode)).toEqual(USER_ERROR_CODES);
  });
});
