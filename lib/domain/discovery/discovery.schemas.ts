// The AdCP adagents.json manifest (inline variant): which agent may sell which
// properties. Only the fields we publish are modelled; AdCP allows more.
import { z } from "zod";

export const adagentsDocument = z
  .object({
    contact: z.object({ name: z.string(), domain: z.string() }),
    properties: z.array(
      z.object({
        property_id: z.string().regex(/^[a-z0-9_]+$/),
        property_type: z.literal("mobile_app"),
        name: z.string(),
        identifiers: z.array(z.object({ type: z.literal("network_id"), value: z.string() })).min(1),
        tags: z.array(z.string()),
        publisher_domain: z.string(),
      }),
    ),
    tags: z.record(z.string(), z.object({ name: z.string(), description: z.string() })),
    authorized_agents: z.array(
      z.object({
        url: z.url(),
        authorized_for: z.string().min(1).max(500),
        authorization_type: z.literal("property_ids"),
        property_ids: z.array(z.string()).min(1),
        delegation_type: z.literal("direct"),
      }),
    ),
    last_updated: z.iso.datetime(),
  })
  .meta({
    id: "AdAgents",
    description:
      "AdCP adagents.json (inline variant): the properties this service sells and the agent authorized to sell them.",
  });
export type AdagentsDocument = z.infer<typeof adagentsDocument>;
