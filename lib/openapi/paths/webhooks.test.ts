// The webhook operations are in the generated OpenAPI document with docs/api.md's
// paths, methods, scopes and success codes.
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../document";

describe("OpenAPI: webhooks", () => {
  const document = buildOpenApiDocument("https://sma.example");
  const paths = document.paths ?? {};

  it.each([
    ["/api/ads/webhooks", "get", "campaigns:read", "200"],
    ["/api/ads/webhooks", "post", "campaigns:write", "201"],
    ["/api/ads/webhooks/{id}", "patch", "campaigns:write", "200"],
    ["/api/ads/webhooks/{id}", "delete", "campaigns:write", "200"],
    ["/api/ads/webhooks/{id}/test", "post", "campaigns:write", "200"],
    ["/api/ads/webhooks/{id}/deliveries", "get", "campaigns:read", "200"],
    ["/api/ads/webhooks/{id}/deliveries/{delivery_id}/retry", "post", "campaigns:write", "200"],
  ] as const)("%s %s needs %s and answers %s", (path, method, scope, status) => {
    const operation = (paths[path] as Record<string, { security: unknown; responses: Record<string, unknown> }>)[
      method
    ]!;
    expect(operation.security).toEqual([{ oauth2: [scope] }]);
    expect(Object.keys(operation.responses)).toContain(status);
    expect(Object.keys(operation.responses)).toContain("401");
    expect(Object.keys(operation.responses)).toContain("403");
  });

  it("documents the endpoint shapes from the zod schemas, the secret only at registration", () => {
    const schemas = document.components?.schemas as Record<
      string,
      { properties?: Record<string, unknown>; required?: string[] }
    >;
    expect(Object.keys(schemas.WebhookEndpoint!.properties!)).toEqual(
      expect.arrayContaining([
        "id",
        "events",
        "is_active",
        "batch_impressions",
        "failure_count",
        "last_delivered_at",
        "created_at",
      ]),
    );
    expect(schemas.WebhookEndpoint!.properties).not.toHaveProperty("secret");
    expect(schemas.RegisteredWebhookEndpoint!.required).toEqual(expect.arrayContaining(["secret", "warning"]));
    expect(Object.keys(schemas.WebhookTestResult!.properties!).sort()).toEqual([
      "duration_ms",
      "message",
      "status_code",
      "success",
    ]);
    expect(Object.keys(schemas.WebhookDeactivation!.properties!).sort()).toEqual(["deactivated", "id"]);
    expect(schemas.RegisterWebhookInput!.required).toEqual(["url", "events"]);
  });
});
