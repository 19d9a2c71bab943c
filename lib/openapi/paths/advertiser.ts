import type { ZodOpenApiPathsObject } from "zod-openapi";
import { advertiserResource } from "@/lib/domain/advertisers/advertisers.schemas";
import { getAdvertiser } from "@/lib/domain/advertisers/get-advertiser";
import { operationDoc } from "../common";

const json = <T>(schema: T) => ({ "application/json": { schema } });

export const advertiserPaths: ZodOpenApiPathsObject = {
  "/api/ads/advertiser": {
    get: operationDoc(getAdvertiser, {
      summary: "The caller's advertiser",
      description:
        "The advertiser the token acts for: its name, contact email, and, read-only, its category and licensed regions " +
        "as the operator set them. A gambling advertiser's campaigns serve only users in its licensed regions and may " +
        "target only regions within them (E5 and E7 answer 422 region_not_licensed otherwise); a change of licence " +
        "applies to the next decision.",
      tags: ["Advertiser"],
      responses: { "200": { description: "The advertiser", content: json(advertiserResource) } },
      errors: [],
    }),
  },
};
