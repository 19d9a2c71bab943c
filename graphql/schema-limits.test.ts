// The SDL's descriptions repeat the rate limits of lib/rate-limit/policies.ts (the SDL
// is a committed file, not built from the constants): each field that counts
// against a policy must name that policy's numbers and, where it can be
// refused by it, what the refusal looks like (docs/decisions/1416).
import { buildSchema, type GraphQLField, type GraphQLObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { MAX_ACTIVE_API_CLIENTS } from "@/lib/auth/clients";
import { RATE_LIMIT_POLICIES, type RateLimitPolicy } from "@/lib/rate-limit/policies";
import { typeDefs } from "./__generated__/type-defs";

const schema = buildSchema(typeDefs);

/** [type, field, policy, the words the description counts the policy's points in] */
const LIMITED: [string, string, RateLimitPolicy, string][] = [
  ["Mutation", "createCampaign", "icon_check", "icon checks"],
  ["Mutation", "addCreativeVariant", "icon_check", "icon checks"],
  ["Query", "previewCampaignCreate", "icon_check", "icon checks"],
  ["Query", "previewCampaignCreate", "preview", "previews"],
  ["Query", "previewCampaignUpdate", "preview", "previews"],
  ["Query", "campaignReport", "report", "reports"],
  ["Query", "campaignTimeSeries", "report", "reports"],
  ["Campaign", "report", "report", "reports"],
  ["Campaign", "timeSeries", "report", "reports"],
  ["Mutation", "testWebhookEndpoint", "webhook_send", "webhook sends"],
  ["Mutation", "redeliverWebhookDelivery", "webhook_send", "webhook sends"],
];

function field(type: string, name: string): GraphQLField<unknown, unknown> {
  const found = (schema.getType(type) as GraphQLObjectType | undefined)?.getFields()[name];
  if (!found) throw new Error(`${type}.${name} is not in the schema`);
  return found;
}

describe("rate limits in the SDL", () => {
  it.each(LIMITED)("%s.%s names %s's numbers and the refusal", (type, name, policy, unit) => {
    const { points, durationSec } = RATE_LIMIT_POLICIES[policy];
    // the texts say "per minute"
    expect(durationSec).toBe(60);
    const description = (field(type, name).description ?? "").replace(/\s+/g, " ");
    expect(description).toContain(`${points} ${unit} per minute`);
    for (const words of ["RATE_LIMITED", "`extensions.retryAfter`", "`Retry-After`", "`RateLimit-*`"]) {
      expect(description).toContain(words);
    }
  });
});

describe("other limits in the SDL", () => {
  it("createApiClient names the cap of active clients", () => {
    const description = (field("Mutation", "createApiClient").description ?? "").replace(/\s+/g, " ");
    expect(description).toContain(`at most ${MAX_ACTIVE_API_CLIENTS} active clients`);
    expect(description).toContain("CONFLICT");
  });
});
